import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { CatalogCapability, CatalogPlan } from "./read-model";
import { jsonObjectSchema, readStored } from "./stored-json";

// The plans that payments (lib/domain/payments) word, sell and grant: an agent's plans with their services, and the
// plans a Stripe Payment Link sells.

/** A plan with the service it belongs to. */
export type ServicePlan = CatalogPlan & { service: Pick<CatalogCapability, "capabilityId" | "name"> & { agentId: string } };

/** Every plan of these agents' services, in agent.json order. */
export async function findPlansOfAgents(agentIds: readonly string[]): Promise<ServicePlan[]> {
  if (agentIds.length === 0) return [];
  const rows = await db.plan.findMany({
    where: { capability: { agentId: { in: [...agentIds] } } },
    select: {
      planId: true,
      type: true,
      priceUsd: true,
      dailyLimit: true,
      extra: true,
      capability: { select: { agentId: true, capabilityId: true, name: true } },
    },
    orderBy: [{ capability: { position: "asc" } }, { position: "asc" }],
  });
  return rows.map((row) => ({
    planId: row.planId,
    type: row.type,
    priceUsd: row.priceUsd === null ? null : row.priceUsd.toString(),
    dailyLimit: row.dailyLimit,
    extra: readStored(jsonObjectSchema, row.extra) ?? {},
    service: { agentId: row.capability.agentId, capabilityId: row.capability.capabilityId, name: row.capability.name },
  }));
}

/**
 * The plans of the agent whose `stripe_payment_link` is this link, one per plan_id (the first service's, in agent.json
 * order), read in the caller's transaction.
 */
export async function findPlansSoldByPaymentLink(
  tx: Pick<Prisma.TransactionClient, "$queryRaw">,
  agentId: string,
  paymentLink: string,
): Promise<CatalogPlan[]> {
  return tx.$queryRaw<CatalogPlan[]>`
    SELECT DISTINCT ON (p."planId") p."planId", p."type", p."priceUsd"::text AS "priceUsd", p."dailyLimit", p."extra"
    FROM "Plan" p JOIN "Capability" c ON c."id" = p."capabilityId"
    WHERE c."agentId" = ${agentId} AND p."extra"->>'stripe_payment_link' = ${paymentLink}
    ORDER BY p."planId", c."position"`;
}
