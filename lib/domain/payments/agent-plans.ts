import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { PlanType } from "@/generated/prisma/enums";
import { jsonObjectSchema, readStored } from "@/lib/model/catalog/stored-json";
import { db } from "@/lib/foundations/db/client";
import { planHeadline } from "./plan-words";

// Agents' plans as the money pages word them. A plan_id may be shared by several of an agent's services
// (defaults.plans); the first service's plan, in agent.json order, speaks for it.

export type AgentPlan = {
  agentId: string;
  capabilityId: string;
  serviceName: string;
  planId: string;
  type: PlanType;
  headline: string;
  /** The plan's `stripe_payment_link` field, when it names one. */
  stripePaymentLink: string | null;
};

const planSelect = {
  planId: true,
  type: true,
  priceUsd: true,
  dailyLimit: true,
  extra: true,
  capability: { select: { agentId: true, capabilityId: true, name: true } },
} satisfies Prisma.PlanSelect;

/** Every plan of these agents' services, in agent.json order. */
export async function findAgentPlans(agentIds: readonly string[]): Promise<AgentPlan[]> {
  if (agentIds.length === 0) return [];
  const rows = await db.plan.findMany({
    where: { capability: { agentId: { in: [...agentIds] } } },
    select: planSelect,
    orderBy: [{ capability: { position: "asc" } }, { position: "asc" }],
  });
  return rows.map((row) => {
    const extra = readStored(jsonObjectSchema, row.extra) ?? {};
    const link = extra.stripe_payment_link;
    return {
      agentId: row.capability.agentId,
      capabilityId: row.capability.capabilityId,
      serviceName: row.capability.name,
      planId: row.planId,
      type: row.type,
      headline: planHeadline({ type: row.type, priceUsd: row.priceUsd === null ? null : row.priceUsd.toString(), dailyLimit: row.dailyLimit, extra }),
      stripePaymentLink: typeof link === "string" && link.trim() !== "" ? link.trim() : null,
    };
  });
}

const key = (agentId: string, planId: string) => `${agentId}\u0000${planId}`;

/** Looks a plan up by agent and plan_id (the first service's plan speaks for a shared plan_id). */
export function planLookup(plans: readonly AgentPlan[]): (agentId: string, planId: string) => AgentPlan | null {
  const byKey = new Map<string, AgentPlan>();
  for (const plan of plans) if (!byKey.has(key(plan.agentId, plan.planId))) byKey.set(key(plan.agentId, plan.planId), plan);
  return (agentId, planId) => byKey.get(key(agentId, planId)) ?? null;
}
