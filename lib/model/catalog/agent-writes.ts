import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { z } from "zod";
import { AgentStatus, type CapabilityClass, type PlanType } from "@/generated/prisma/enums";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent, CatalogCapability, CatalogPlan } from "./read-model";

// The writes to an agent besides the import (lib/model/catalog/agent-import-rows.ts), each inside a listing write's
// transaction (writeListings), and what those transactions read and lock of the agent on the way: publishing,
// offering a service, an announced endpoint, deleting, and the state a version keeps.

type Tx = Prisma.TransactionClient;

/**
 * Publishes or unpublishes one of the owner's agents unless it is suspended (ownership and status are in the write's
 * where). Returns the agent, or null when nothing was written.
 */
export async function setOwnedAgentPublished(tx: Tx, ownerId: string, handle: string, published: boolean): Promise<Pick<CatalogAgent, "rowId"> | null> {
  const { count } = await tx.agent.updateMany({
    where: { ownerId, handle, status: { not: "suspended" } },
    data: published ? { status: "published", publishedAt: new Date() } : { status: "unpublished" },
  });
  if (count === 0) return null;
  const agent = await tx.agent.findUniqueOrThrow({ where: { handle }, select: { id: true } });
  return { rowId: agent.id };
}

/**
 * Offers or withdraws one service of the owner's agent (not a suspended one): the row and the stored agent.json's
 * `offered` change together; a service whose class is not confirmed stays unlisted. Returns its agent, or null when
 * nothing was written. The document's change is visible to the next statement of the transaction.
 */
export async function setOwnedServiceOffered(
  tx: Tx,
  ownerId: string,
  handle: string,
  capabilityId: string,
  offered: boolean,
): Promise<Pick<CatalogAgent, "rowId"> | null> {
  const written = await tx.$queryRaw<{ agentId: string }[]>`
    WITH target AS (
      SELECT c."id", c."position", c."agentId" FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
      WHERE a."ownerId" = ${ownerId} AND a."handle" = ${handle} AND a."status" <> 'suspended' AND c."capabilityId" = ${capabilityId}
    ), agent_doc AS (
      UPDATE "Agent" a SET "document" = jsonb_set(a."document", ARRAY['capabilities', target."position"::text, 'offered'], to_jsonb(${offered}::boolean)), "updatedAt" = now()
      FROM target WHERE a."id" = target."agentId" AND jsonb_typeof(a."document" #> ARRAY['capabilities', target."position"::text]) = 'object'
    )
    UPDATE "Capability" c SET "offered" = ${offered}, "listed" = ${offered} AND NOT c."needsConfirmation", "updatedAt" = now()
    FROM target WHERE c."id" = target."id"
    RETURNING c."agentId"`;
  const [row] = written;
  return row ? { rowId: row.agentId } : null;
}

/** What an adapter's announcement is checked against: the agent's endpoint and the tools its services call. */
export type AgentEndpointFacts = Pick<CatalogAgent, "rowId" | "endpoint" | "endpointPending"> & {
  /** The ${NAME} an adapter announced an endpoint for before, or null. */
  announcedFor: string | null;
  tools: string[];
};

/** Any agent by handle (an adapter token, checked next, says whether the caller may speak for it). */
export async function findAgentEndpointFacts(handle: string): Promise<AgentEndpointFacts | null> {
  const agent = await db.agent.findUnique({
    where: { handle },
    select: { id: true, endpoint: true, endpointPending: true, announcedFor: true, capabilities: { select: { tool: true } } },
  });
  if (!agent) return null;
  return {
    rowId: agent.id,
    endpoint: agent.endpoint,
    endpointPending: agent.endpointPending,
    announcedFor: agent.announcedFor,
    tools: agent.capabilities.map((c) => c.tool),
  };
}

/** The endpoint an adapter announced for the agent's ${NAME} placeholder: its listings become runnable. */
export async function recordAnnouncedEndpoint(tx: Tx, agentId: string, announced: { endpoint: string; placeholder: string; at: Date }): Promise<void> {
  await tx.agent.update({
    where: { id: agentId },
    data: {
      endpoint: announced.endpoint,
      endpointPending: false,
      announcedEndpoint: announced.endpoint,
      announcedFor: announced.placeholder,
      announcedAt: announced.at,
    },
  });
}

/** The maintainers the publisher stated in the editor, stored with their agent (agent.json has no place for them). */
export async function setAgentMaintainers(tx: Tx, agentId: string, ownerId: string, maintainers: Prisma.InputJsonValue): Promise<void> {
  await tx.agent.update({ where: { id: agentId, ownerId }, data: { registryMaintainers: maintainers } });
}

/** One of the owner's agents about to be deleted, with how many payment records (Stripe events, entitlements) it has. */
export async function findOwnedAgentToDelete(
  tx: Tx,
  ownerId: string,
  handle: string,
): Promise<(Pick<CatalogAgent, "rowId" | "status"> & { paymentRecords: number }) | null> {
  const agent = await tx.agent.findFirst({
    where: { handle, ownerId },
    select: { id: true, status: true, _count: { select: { stripeEvents: true, entitlements: true } } },
  });
  return agent ? { rowId: agent.id, status: agent.status, paymentRecords: agent._count.stripeEvents + agent._count.entitlements } : null;
}

/**
 * Before the agent's services go (all of them, or those whose capability ID is not `kept`): their runs stay, detached
 * (ON DELETE SET NULL), with the service's name and the agent's handle written on them. Then the services go, and
 * with them their reports, sample tests, plans and tags.
 */
export async function deleteAgentServices(tx: Tx, agent: { rowId: string; handle: string }, kept: readonly string[] | null = null): Promise<void> {
  if (kept === null) {
    await tx.$executeRaw`
      UPDATE "Execution" e SET "goneServiceName" = c."name", "goneAgentHandle" = ${agent.handle}
      FROM "Capability" c WHERE e."capabilityId" = c."id" AND c."agentId" = ${agent.rowId}`;
    await tx.capability.deleteMany({ where: { agentId: agent.rowId } });
    return;
  }
  await tx.$executeRaw`
    UPDATE "Execution" e SET "goneServiceName" = c."name", "goneAgentHandle" = ${agent.handle}
    FROM "Capability" c WHERE e."capabilityId" = c."id" AND c."agentId" = ${agent.rowId} AND NOT (c."capabilityId" = ANY(${[...kept]}::text[]))`;
  await tx.capability.deleteMany({ where: { agentId: agent.rowId, capabilityId: { notIn: [...kept] } } });
}

/** The agent's own row, once its services are gone. */
export async function deleteAgentRow(tx: Tx, agentId: string): Promise<void> {
  await tx.agent.delete({ where: { id: agentId } });
}

const versionStateSchema = z.array(
  z.object({
    document: z.json(),
    status: z.enum(AgentStatus),
    termsUrl: z.string().nullable(),
    termsVersion: z.string().nullable(),
    termsTextSha256: z.string().nullable(),
  }),
);

/** What a version of the agent keeps of it: the stored agent.json, its status and terms. */
export type AgentVersionState = z.infer<typeof versionStateSchema>[number];

/**
 * The agent as the write left it, its row locked (FOR UPDATE) so two writes to one agent number their versions one
 * after the other (the write itself usually holds this lock already); null when there is no such agent.
 */
export async function lockAgentVersionState(tx: Tx, agentId: string): Promise<AgentVersionState | null> {
  const [agent] = versionStateSchema.parse(
    await tx.$queryRaw`SELECT "document", "status"::text AS "status", "termsUrl", "termsVersion", "termsTextSha256" FROM "Agent" WHERE "id" = ${agentId} FOR UPDATE`,
  );
  return agent ?? null;
}

/** A service as the consumers' change log reads it from its rows, in agent.json order, with its plans in theirs (checked into lib/domain/agents/service-changes.ts ServiceVersionFacts). */
export type ServiceFactsRow = Pick<CatalogCapability, "capabilityId" | "name"> & {
  class: CapabilityClass;
  /** The data declaration as stored (JSON). */
  data: unknown;
  plans: (Pick<CatalogPlan, "planId" | "priceUsd" | "dailyLimit"> & { type: PlanType; extra: unknown })[];
};

export async function findServiceVersionFacts(tx: Tx, agentId: string): Promise<ServiceFactsRow[]> {
  const capabilities = await tx.capability.findMany({
    where: { agentId },
    orderBy: { position: "asc" },
    select: {
      capabilityId: true,
      name: true,
      class: true,
      data: true,
      plans: { orderBy: { position: "asc" }, select: { planId: true, type: true, priceUsd: true, dailyLimit: true, extra: true } },
    },
  });
  return capabilities.map((c) => ({ ...c, plans: c.plans.map((p) => ({ ...p, priceUsd: p.priceUsd === null ? null : p.priceUsd.toString() })) }));
}
