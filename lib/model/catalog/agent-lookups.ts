import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { CatalogAgent, CatalogCapability } from "./read-model";
import { agentVisibleSql } from "./visibility";

// Agents looked up by handle or id for what hangs off them in other rooms' tables (a Stripe webhook, entitlements,
// a registry record): the agent's row id and the few words shown beside it.

/** The client or the caller's transaction. */
type Reader = Pick<typeof db, "agent">;

/** The row id of the agent with this handle, whoever owns it and whatever its status, or null. */
export async function findAgentIdByHandle(handle: string): Promise<string | null> {
  return (await db.agent.findUnique({ where: { handle }, select: { id: true } }))?.id ?? null;
}

export type OwnedAgent = Pick<CatalogAgent, "rowId" | "handle" | "displayName">;

/** The owner's agent with this handle, or null (another's handle is answered like one that does not exist). */
export async function findOwnedAgent(ownerId: string, handle: string, client: Reader = db): Promise<OwnedAgent | null> {
  const agent = await client.agent.findFirst({ where: { handle, ownerId }, select: { id: true, handle: true, displayName: true } });
  return agent && { rowId: agent.id, handle: agent.handle, displayName: agent.displayName };
}

/** The owner's agent with its services (capability ID and name, in agent.json order), or null. */
export async function findOwnedAgentServices(
  ownerId: string,
  handle: string,
): Promise<(OwnedAgent & { services: Pick<CatalogCapability, "capabilityId" | "name">[] }) | null> {
  const agent = await db.agent.findFirst({
    where: { handle, ownerId },
    select: { id: true, handle: true, displayName: true, capabilities: { select: { capabilityId: true, name: true }, orderBy: { position: "asc" } } },
  });
  return agent && { rowId: agent.id, handle: agent.handle, displayName: agent.displayName, services: agent.capabilities };
}

const namedRows = z.array(z.object({ id: z.string(), handle: z.string(), displayName: z.string() }));

/** Of these agents, the ones whose page this viewer may see, with their handle and name, by row id. */
export async function findVisibleAgentNames(
  viewer: Viewer | null,
  agentIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, Pick<CatalogAgent, "handle" | "displayName">>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT a."id", a."handle", a."displayName" FROM "Agent" a WHERE a."id" = ANY(${[...agentIds]}::text[]) AND ${agentVisibleSql(viewer, now)}`);
  return new Map(namedRows.parse(rows).map((r) => [r.id, { handle: r.handle, displayName: r.displayName }]));
}
