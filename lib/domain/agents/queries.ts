import "server-only";
import { cache } from "react";
import { db } from "@/lib/foundations/db/client";
import type { AgentStatus } from "@/generated/prisma/enums";
import { findOwnedAgentsWithListings, findOwnedStoredDocument } from "@/lib/model/catalog/owned-agents";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import { isJsonObject } from "@/lib/model/agent-file/schema";
import type { JsonObject } from "@/lib/model/agent-file/types";

// The publisher's own reads (dashboard): ownership is the where. Public pages read through lib/model/catalog/queries instead.

/** A listing as its publisher's dashboard lists it: the read model's names for what it shares with it. */
export type OwnedCapability = Pick<CatalogCapability, "capabilityId" | "name" | "class" | "contentRating" | "listed"> & {
  offered: boolean;
  needsConfirmation: boolean;
  /** Suspended by an administrator (lib/domain/moderation), with the reason shown to the publisher. */
  suspended: boolean;
  suspendedReason: string | null;
  /** Whether its listing exists for people who are signed out (the public visibility rule). */
  public: boolean;
};

export type OwnedAgent = {
  handle: string;
  displayName: string;
  status: AgentStatus;
  suspendedReason: string | null;
  endpointPending: boolean;
  /** Its ${NAME} endpoint was announced by its adapter (lib/domain/agents/endpoint-announcement.ts). */
  announced: boolean;
  updatedAt: Date;
  publishedAt: Date | null;
  /** The logo Explore serves (lib/domain/logos), and whether the agent's logo URL failed its check. */
  logoSha256: string | null;
  logoFailed: boolean;
  capabilities: OwnedCapability[];
};

/** The viewer's agents, whatever their status, with all their capabilities, listed or not. */
export const findOwnedAgents = cache(async (viewerId: string): Promise<OwnedAgent[]> => {
  const agents = await findOwnedAgentsWithListings(viewerId);
  const failedLogos = await db.agentLogo.findMany({
    where: { agentId: { in: agents.map((a) => a.rowId) }, status: "failed" },
    select: { agentId: true },
  });
  const logoFailed = new Set(failedLogos.map((l) => l.agentId));
  return agents.map(({ rowId, announcedFor, listings, ...agent }) => ({
    ...agent,
    announced: announcedFor !== null,
    logoFailed: logoFailed.has(rowId),
    capabilities: listings.map(({ rowId: _rowId, suspension, isPublic, ...c }) => ({
      ...c,
      suspended: suspension !== null,
      suspendedReason: suspension?.reason ?? null,
      public: isPublic,
    })),
  }));
});

/** The agent.json of one of the viewer's own agents (as stored: local-only fields removed), or null. */
export async function findOwnedAgentDocument(viewerId: string, handle: string): Promise<JsonObject | null> {
  const row = await findOwnedStoredDocument(viewerId, handle);
  return row !== null && isJsonObject(row.document) ? row.document : null;
}
