import "server-only";
import { cache } from "react";
import { db } from "@/lib/foundations/db/client";
import { findOwnedAgentHeader, findOwnedAgentId } from "@/lib/model/catalog/owned-agents";
import type { VersionEvent } from "./versions";

// Reads for the versions page (the publisher's own agents only: ownership is in each where) and the service
// page's Changes section and notice.

export const versionEventWords: Record<VersionEvent, string> = {
  imported: "Imported",
  published: "Published",
  unpublished: "Unpublished",
  service_offered: "Service offered",
  service_withdrawn: "Service withdrawn",
  draft_saved: "Draft saved",
};

export type VersionRow = { number: number; event: VersionEvent; capabilityId: string | null; createdAt: Date; who: string | null; published: boolean };

export type AgentVersions = { id: string; handle: string; displayName: string; status: string; versions: VersionRow[] };

/** One of the owner's agents with its versions, newest first; null when it is not theirs. */
export async function findAgentVersions(ownerId: string, handle: string): Promise<AgentVersions | null> {
  const agent = await findOwnedAgentHeader(ownerId, handle);
  if (!agent) return null;
  const versions = await db.agentVersion.findMany({
    where: { agentId: agent.rowId },
    orderBy: { number: "desc" },
    take: 500,
    select: { number: true, event: true, capabilityId: true, createdAt: true, published: true, user: { select: { name: true, email: true } } },
  });
  return {
    id: agent.rowId,
    handle: agent.handle,
    displayName: agent.displayName,
    status: agent.status,
    versions: versions.map(({ user, ...v }) => ({ ...v, who: user ? (user.name ?? user.email) : null })),
  };
}

/** The documents of two versions of the owner's agent, by number (null for a number it does not have). */
export async function findVersionDocuments(ownerId: string, handle: string, numbers: readonly number[]): Promise<Map<number, unknown>> {
  const agent = await findOwnedAgentId(ownerId, handle);
  if (!agent) return new Map();
  const rows = await db.agentVersion.findMany({
    where: { agentId: agent.rowId, number: { in: [...numbers] } },
    select: { number: true, document: { select: { document: true } } },
  });
  return new Map(rows.map((r) => [r.number, r.document.document]));
}

export type ServiceChangeRow = { id: string; kind: string; words: string; createdAt: Date };

/**
 * A service's change log, newest first: one small indexed query, shared per request by the Changes section
 * and the notice (React cache()).
 */
export const findServiceChanges = cache(async (agentRowId: string, capabilityId: string, limit = 20): Promise<ServiceChangeRow[]> => {
  return db.serviceChange.findMany({
    where: { agentId: agentRowId, capabilityId },
    orderBy: { createdAt: "desc" },
    take: limit,
    select: { id: true, kind: true, words: true, createdAt: true },
  });
});

export const NOTICE_WINDOW_DAYS = 90;

/** The viewer's last run of this service within the notice window (per viewer: never part of a shared answer). */
export async function findLastRunSince(viewerId: string, capabilityRowId: string, now: Date): Promise<Date | null> {
  const since = new Date(now.getTime() - NOTICE_WINDOW_DAYS * 86_400_000);
  const row = await db.execution.findFirst({
    where: { userId: viewerId, capabilityId: capabilityRowId, startedAt: { gte: since } },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true },
  });
  return row?.startedAt ?? null;
}
