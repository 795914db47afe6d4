import "server-only";
import { cache } from "react";
import { db } from "@/lib/db";
import type { AgentStatus, CapabilityClass, ContentRating } from "@/generated/prisma/enums";
import { isCapabilityVisible, ownerWhere } from "@/lib/listings/visibility";

// The publisher's own reads (dashboard). Public pages read through lib/listings/queries instead.

export type OwnedCapability = {
  capabilityId: string;
  name: string;
  class: CapabilityClass;
  contentRating: ContentRating;
  listed: boolean;
  offered: boolean;
  needsConfirmation: boolean;
  /** Suspended by an administrator (lib/moderation), with the reason shown to the publisher. */
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
  updatedAt: Date;
  publishedAt: Date | null;
  capabilities: OwnedCapability[];
};

/** The viewer's agents, whatever their status, with all their capabilities, listed or not. */
export const findOwnedAgents = cache(async (viewerId: string): Promise<OwnedAgent[]> => {
  const rows = await db.agent.findMany({
    where: ownerWhere({ id: viewerId }),
    select: {
      handle: true,
      ownerId: true,
      displayName: true,
      status: true,
      suspendedReason: true,
      endpointPending: true,
      updatedAt: true,
      publishedAt: true,
      capabilities: {
        select: {
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
  });
  return rows.map(({ ownerId, ...agent }) => ({
    ...agent,
    capabilities: agent.capabilities.map(({ suspendedAt, ...c }) => ({
      ...c,
      suspended: suspendedAt !== null,
      public: isCapabilityVisible(null, { ...c, suspendedAt, agent: { status: agent.status, ownerId } }),
    })),
  }));
});
