import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { agentInfoSnapshotSchema, recordSchema, type AgentInfoSnapshot } from "@/lib/domain/formats/ga4gh/entry-schema";

// An agent's GA4GH registry record (a cache of its agent-info endpoint): written when a draft made from a
// registry entry is published, re-synced by the worker (sync.ts), read by the agent page's panel and the export.

export type StoredParts = { agentInfoUri: string; snapshot: Prisma.InputJsonValue; entryCore: Prisma.InputJsonValue | null };

/** Inside the publishing import's transaction. The worker syncs it soon after: the entry's snapshot may be old. */
export async function storeRegistryRecord(tx: Prisma.TransactionClient, agentId: string, parts: StoredParts, now = new Date()): Promise<void> {
  // The snapshot's own stamp; without one, when a maintainer last confirmed the entry (the core's other stamp).
  const snapshot = agentInfoSnapshotSchema.safeParse(parts.snapshot);
  const verified = recordSchema.safeParse(objectOr(parts.entryCore as Prisma.JsonValue)?.record);
  const stamped =
    snapshot.success && snapshot.data.last_synced ? new Date(snapshot.data.last_synced) : verified.success ? new Date(verified.data.last_verified) : now;
  const data = {
    agentInfoUri: parts.agentInfoUri,
    snapshot: parts.snapshot,
    syncedAt: stamped,
    entryCore: parts.entryCore ?? undefined,
    lastFailedAt: null,
    lastFailure: null,
    nextSyncAt: now,
  };
  await tx.registryRecord.upsert({ where: { agentId }, create: { agentId, ...data }, update: data });
}

export type RegistryRecordView = {
  agentInfoUri: string;
  snapshot: AgentInfoSnapshot;
  syncedAt: Date;
  lastFailedAt: Date | null;
  lastFailure: string | null;
  entryCore: Record<string, unknown> | null;
};

function objectOr(value: Prisma.JsonValue | null): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
}

/**
 * The record of an agent the caller has already found through the visibility rule (by its row id): the
 * record adds nothing to who may see the agent. Null when there is none or its snapshot no longer reads.
 */
export async function findRegistryRecord(agentId: string): Promise<RegistryRecordView | null> {
  const row = await db.registryRecord.findUnique({ where: { agentId } });
  if (!row) return null;
  const snapshot = agentInfoSnapshotSchema.safeParse(row.snapshot);
  if (!snapshot.success) return null;
  return {
    agentInfoUri: row.agentInfoUri,
    snapshot: snapshot.data,
    syncedAt: row.syncedAt,
    lastFailedAt: row.lastFailedAt,
    lastFailure: row.lastFailure,
    entryCore: objectOr(row.entryCore),
  };
}
