import "server-only";
import { cache } from "react";
import { db } from "@/lib/foundations/db/client";
import type { AgentStatus, CapabilityClass, ContentRating } from "@/generated/prisma/enums";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { capabilityPublicSql } from "@/lib/model/catalog/visibility";
import { isJsonObject } from "@/lib/model/agent-file/schema";
import type { JsonObject } from "@/lib/model/agent-file/types";

// The publisher's own reads (dashboard): ownership is the where. Public pages read through lib/model/catalog/queries instead.

export type OwnedCapability = {
  capabilityId: string;
  name: string;
  class: CapabilityClass;
  contentRating: ContentRating;
  listed: boolean;
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
  const [rows, publicRows] = await Promise.all([
    db.agent.findMany({
      where: { ownerId: viewerId },
      select: {
        handle: true,
        displayName: true,
        status: true,
        suspendedReason: true,
        endpointPending: true,
        announcedFor: true,
        updatedAt: true,
        publishedAt: true,
        logoSha256: true,
        logoCheck: { select: { status: true } },
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
      WHERE a."ownerId" = ${viewerId} AND ${capabilityPublicSql()}`),
  ]);
  const publicIds = new Set(
    z
      .array(z.object({ id: z.string() }))
      .parse(publicRows)
      .map((r) => r.id),
  );
  return rows.map(({ announcedFor, logoCheck, ...agent }) => ({
    ...agent,
    announced: announcedFor !== null,
    logoFailed: logoCheck?.status === "failed",
    capabilities: agent.capabilities.map(({ id, suspendedAt, ...c }) => ({
      ...c,
      suspended: suspendedAt !== null,
      public: publicIds.has(id),
    })),
  }));
});

/** The agent.json of one of the viewer's own agents (as stored: local-only fields removed), or null. */
export async function findOwnedAgentDocument(viewerId: string, handle: string): Promise<JsonObject | null> {
  const row = await db.agent.findFirst({ where: { handle, ownerId: viewerId }, select: { document: true } });
  return row !== null && isJsonObject(row.document) ? row.document : null;
}
