import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent, CatalogCapability } from "./read-model";
import { capabilityPublicSql } from "./visibility";

// The publisher's own agents, as the dashboard, analytics, drafts and the network's requests read them: ownership
// is in every where, and no visibility rule applies (a publisher sees all of their agents, listed or not).

export type OwnedAgentRef = Pick<CatalogAgent, "rowId">;

/** One of the owner's agents by handle, or null. */
export async function findOwnedAgentId(ownerId: string, handle: string): Promise<OwnedAgentRef | null> {
  const agent = await db.agent.findFirst({ where: { handle, ownerId }, select: { id: true } });
  return agent ? { rowId: agent.id } : null;
}

/** The agent with this row id if it is the owner's, or null: what a row of theirs that names an agent shows of it. */
export async function findOwnedAgentById(ownerId: string, rowId: string): Promise<Pick<CatalogAgent, "rowId" | "handle" | "updatedAt"> | null> {
  const agent = await db.agent.findFirst({ where: { id: rowId, ownerId }, select: { id: true, handle: true, updatedAt: true } });
  return agent ? { rowId: agent.id, handle: agent.handle, updatedAt: agent.updatedAt } : null;
}

/** The handles of all the owner's agents, by row id. */
export async function findOwnedAgentHandles(ownerId: string): Promise<Map<string, CatalogAgent["handle"]>> {
  const agents = await db.agent.findMany({ where: { ownerId }, select: { id: true, handle: true } });
  return new Map(agents.map((a) => [a.id, a.handle]));
}

/** Its status, or null when the owner has no agent with this handle. */
export async function findOwnedAgentStatus(ownerId: string, handle: string): Promise<Pick<CatalogAgent, "status"> | null> {
  return db.agent.findFirst({ where: { handle, ownerId }, select: { status: true } });
}

export type OwnedAgentHeader = Pick<CatalogAgent, "rowId" | "handle" | "displayName" | "status">;

/** Its name and status, or null; read in the caller's transaction when it passes one. */
export async function findOwnedAgentHeader(ownerId: string, handle: string, client: Pick<typeof db, "agent"> = db): Promise<OwnedAgentHeader | null> {
  const agent = await client.agent.findFirst({ where: { handle, ownerId }, select: { id: true, handle: true, displayName: true, status: true } });
  return agent ? { rowId: agent.id, handle: agent.handle, displayName: agent.displayName, status: agent.status } : null;
}

/** The agent.json as stored (local-only fields removed), with what the editor's draft of it starts from. */
export type OwnedAgentDocument = Pick<CatalogAgent, "rowId" | "updatedAt"> & {
  document: unknown;
  /** The maintainers stated in the editor (JSON as stored), or null. */
  registryMaintainers: unknown;
};

export async function findOwnedStoredDocument(ownerId: string, handle: string): Promise<OwnedAgentDocument | null> {
  const agent = await db.agent.findFirst({ where: { handle, ownerId }, select: { id: true, document: true, updatedAt: true, registryMaintainers: true } });
  return agent ? { rowId: agent.id, document: agent.document, updatedAt: agent.updatedAt, registryMaintainers: agent.registryMaintainers } : null;
}

export type OwnedService = Pick<CatalogCapability, "rowId" | "capabilityId" | "name">;

/** The agent with its services in agent.json order, or null. */
export async function findOwnedAgentServices(ownerId: string, handle: string): Promise<(OwnedAgentHeader & { services: OwnedService[] }) | null> {
  const agent = await db.agent.findFirst({
    where: { handle, ownerId },
    select: {
      id: true,
      handle: true,
      displayName: true,
      status: true,
      capabilities: { select: { id: true, capabilityId: true, name: true }, orderBy: { position: "asc" } },
    },
  });
  if (!agent) return null;
  return {
    rowId: agent.id,
    handle: agent.handle,
    displayName: agent.displayName,
    status: agent.status,
    services: agent.capabilities.map((c) => ({ rowId: c.id, capabilityId: c.capabilityId, name: c.name })),
  };
}

/** Where the agent's endpoint stands: as written, waiting for its adapter (`endpointPending`), or announced. */
export type OwnedAgentEndpoint = Pick<CatalogAgent, "rowId" | "handle" | "displayName" | "endpoint" | "endpointPending"> & {
  /** The ${NAME} its adapter announced an endpoint for, or null. */
  announcedFor: string | null;
  announcedAt: Date | null;
};

export async function findOwnedAgentEndpoint(ownerId: string, handle: string): Promise<OwnedAgentEndpoint | null> {
  const agent = await db.agent.findFirst({
    where: { handle, ownerId },
    select: { id: true, handle: true, displayName: true, endpoint: true, endpointPending: true, announcedFor: true, announcedAt: true },
  });
  if (!agent) return null;
  const { id, ...rest } = agent;
  return { rowId: id, ...rest };
}

export type OwnedListing = Pick<
  CatalogCapability,
  "rowId" | "capabilityId" | "name" | "class" | "contentRating" | "listed" | "offered" | "needsConfirmation" | "suspension"
> & {
  /** Its listing exists for people who are signed out (the public visibility rule). */
  isPublic: boolean;
};

export type OwnedAgentWithListings = Pick<
  CatalogAgent,
  "rowId" | "handle" | "displayName" | "status" | "suspendedReason" | "endpointPending" | "updatedAt" | "publishedAt" | "logoSha256"
> & {
  announcedFor: string | null;
  /** Every service, listed or not, in agent.json order. */
  listings: OwnedListing[];
};

/** The owner's agents by handle, whatever their status, with all their services. */
export async function findOwnedAgentsWithListings(ownerId: string): Promise<OwnedAgentWithListings[]> {
  const [rows, publicRows] = await Promise.all([
    db.agent.findMany({
      where: { ownerId },
      select: {
        id: true,
        handle: true,
        displayName: true,
        status: true,
        suspendedReason: true,
        endpointPending: true,
        announcedFor: true,
        updatedAt: true,
        publishedAt: true,
        logoSha256: true,
        capabilities: {
          select: {
            id: true,
            capabilityId: true,
            name: true,
            class: true,
            contentRating: true,
            listed: true,
            offered: true,
            needsConfirmation: true,
            suspendedAt: true,
            suspendedReason: true,
          },
          orderBy: { position: "asc" },
        },
      },
      orderBy: { handle: "asc" },
    }),
    // Which of them a signed-out visitor sees: THE visibility rule, asked of the database.
    db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT c."id" FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
      WHERE a."ownerId" = ${ownerId} AND ${capabilityPublicSql()}`),
  ]);
  const publicIds = new Set(
    z
      .array(z.object({ id: z.string() }))
      .parse(publicRows)
      .map((r) => r.id),
  );
  return rows.map(({ id, capabilities, ...agent }) => ({
    ...agent,
    rowId: id,
    listings: capabilities.map(({ id: rowId, suspendedAt, suspendedReason, ...c }) => ({
      ...c,
      rowId,
      suspension: suspendedAt ? { at: suspendedAt, reason: suspendedReason } : null,
      isPublic: publicIds.has(rowId),
    })),
  }));
}

/** The owner's services as their figures count them: each with its agent, and whether it has an example to sample-test. */
export type OwnedServiceRow = { rowId: string; agentRowId: string; hasExample: boolean };

/** All of the owner's agents (by handle) and all their services, in two lists. */
export async function findOwnedServiceRows(ownerId: string): Promise<{ agents: Pick<CatalogAgent, "rowId" | "handle">[]; services: OwnedServiceRow[] }> {
  const agents = await db.agent.findMany({
    where: { ownerId },
    select: { id: true, handle: true, capabilities: { select: { id: true, hasExample: true } } },
  });
  return {
    agents: agents.map((a) => ({ rowId: a.id, handle: a.handle })),
    services: agents.flatMap((a) => a.capabilities.map((c) => ({ rowId: c.id, agentRowId: a.id, hasExample: c.hasExample }))),
  };
}

/** The topics the owner's services are about: their tags, and their categories' first part. */
export async function findOwnedTopics(ownerId: string): Promise<string[]> {
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT ct."tagSlug" AS topic FROM "CapabilityTag" ct JOIN "Capability" c ON c."id" = ct."capabilityId" JOIN "Agent" a ON a."id" = c."agentId" WHERE a."ownerId" = ${ownerId}
    UNION SELECT split_part(c."category", '.', 1) FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId" WHERE a."ownerId" = ${ownerId}`);
  return z
    .array(z.object({ topic: z.string() }))
    .parse(raw)
    .map((r) => r.topic);
}

/** One of the owner's services that is listed, not suspended, on a published agent; null otherwise. */
export async function findOwnedPublishedService(ownerId: string, handle: string, capabilityId: string): Promise<Pick<CatalogCapability, "rowId"> | null> {
  const capability = await db.capability.findFirst({
    where: { capabilityId, listed: true, suspendedAt: null, agent: { handle, ownerId, status: "published" } },
    select: { id: true },
  });
  return capability ? { rowId: capability.id } : null;
}
