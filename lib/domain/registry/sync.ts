import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { findUnstorableValues } from "@/lib/model/agent-file/json-limits";
import { fail, okMessage, type ActionResult } from "@/lib/foundations/action-result";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { findOwnedAgentId } from "@/lib/model/catalog/owned-agents";
import { agentInfoSnapshotSchema } from "@/lib/domain/formats/ga4gh/entry-schema";
import { problemsOf } from "@/lib/domain/formats/problems";
import type { CheckContext, CheckOutcome } from "@/lib/domain/logos/check-logo";
import { failureWords, fetchPublisherFile } from "@/lib/domain/logos/fetch-file";

// The worker's registry re-sync: read the agent's agent-info endpoint through the guarded fetch and mirror
// its registry-relevant fields, as the registry does. A failed sync keeps the last snapshot (and when it was
// taken) and says why beside it, so the page never passes an old mirror off as a fresh one.

export const REGISTRY_RESYNC_MS = 24 * 3600_000;
export const SYNC_NOW_INTERVAL_MS = 60_000;
const READ_LIMIT = 256 * 1024;
const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

function urlProblem(raw: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `The agent-info URL "${raw}" is not a valid URL.`;
  }
  if (url.username !== "" || url.password !== "") return "The agent-info URL must not carry a user name or password.";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && allowLoopbackHttp && LOOPBACK.test(url.hostname)) return null;
  return "The agent-info URL is not https; Explore only reads https endpoints.";
}

const SNAPSHOT_KEYS = Object.keys(agentInfoSnapshotSchema.shape);

/** The live answer's registry-relevant fields, under its own names (the rest is not mirrored). */
function snapshotOf(bytes: Uint8Array, now: Date): { ok: true; snapshot: Prisma.InputJsonValue } | { ok: false; reason: string } {
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { ok: false, reason: "The agent-info endpoint did not answer with JSON." };
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return { ok: false, reason: "The agent-info endpoint did not answer with a JSON object." };
  const picked: Record<string, unknown> = {};
  for (const key of SNAPSHOT_KEYS) if (Object.hasOwn(body, key) && key !== "last_synced") picked[key] = Reflect.get(body, key);
  const parsed = agentInfoSnapshotSchema.safeParse({ ...picked, last_synced: now.toISOString() });
  if (!parsed.success) {
    const [first] = problemsOf(parsed.error, { ...picked, last_synced: now.toISOString() });
    return {
      ok: false,
      reason: `The agent-info endpoint's answer is not an agent-info document (${first ? `${first.path || "the answer"} ${first.message}` : "unreadable"}).`,
    };
  }
  const [unstorable] = findUnstorableValues(parsed.data).problems;
  if (unstorable) return { ok: false, reason: `The agent-info endpoint's answer cannot be stored: ${unstorable.path || "the answer"} ${unstorable.message}.` };
  return { ok: true, snapshot: JSON.parse(JSON.stringify(parsed.data)) as Prisma.InputJsonValue };
}

async function recordFailure(agentId: string, uri: string, reason: string, now: Date): Promise<CheckOutcome> {
  // The snapshot and its syncedAt stay as they were: the page shows the old mirror and says this sync failed.
  // Through the listing-write path too: the agent's shared page then says the sync failed at once.
  await writeListings(async (tx, wrote) => {
    wrote(agentId);
    const { count } = await tx.registryRecord.updateMany({
      where: { agentId, agentInfoUri: uri },
      data: { lastFailedAt: now, lastFailure: reason, nextSyncAt: new Date(now.getTime() + REGISTRY_RESYNC_MS) },
    });
    return { ok: count > 0 };
  });
  return "failed";
}

export async function syncRegistryRecord(agentId: string, ctx: CheckContext): Promise<CheckOutcome> {
  const row = await db.registryRecord.findUnique({ where: { agentId }, select: { agentInfoUri: true } });
  if (!row) return "skipped";
  const uri = row.agentInfoUri;
  const now = ctx.now ?? new Date();
  const problem = urlProblem(uri, ctx.allowLoopbackHttp);
  if (problem) return recordFailure(agentId, uri, problem, now);
  const fetched = await fetchPublisherFile(ctx.fetch, uri, { what: "agent-info", readLimit: READ_LIMIT, accept: "application/json" });
  if (!fetched.ok) {
    const { reason, transient } = failureWords(fetched, "The agent-info answer is", READ_LIMIT, READ_LIMIT);
    if (transient && !ctx.finalAttempt) return "retry";
    return recordFailure(agentId, uri, reason, now);
  }
  const read = snapshotOf(fetched.bytes, now);
  if (!read.ok) return recordFailure(agentId, uri, read.reason, now);
  // The export shares its answers with everyone: a new snapshot makes every server forget them.
  const written = await writeListings(async (tx, wrote) => {
    wrote(agentId);
    const { count } = await tx.registryRecord.updateMany({
      where: { agentId, agentInfoUri: uri },
      data: { snapshot: read.snapshot, syncedAt: now, lastFailedAt: null, lastFailure: null, nextSyncAt: new Date(now.getTime() + REGISTRY_RESYNC_MS) },
    });
    return { ok: count > 0 };
  });
  return written.ok ? "passed" : "skipped";
}

/** "Sync now" for the owner: due at once, at most once a minute per agent (one conditional write). */
export async function requestSyncNow(ownerId: string, handle: string, now = new Date()): Promise<ActionResult> {
  const agent = await findOwnedAgentId(ownerId, handle);
  if (!agent) return fail(`No agent ${handle} of yours was found.`);
  const since = new Date(now.getTime() - SYNC_NOW_INTERVAL_MS);
  const exists = await db.registryRecord.count({ where: { agentId: agent.rowId } });
  if (exists === 0) return fail(`${handle} has no registry record: only an agent imported from a GA4GH registry entry has one.`);
  const { count } = await db.registryRecord.updateMany({
    where: { agentId: agent.rowId, OR: [{ requestedAt: null }, { requestedAt: { lte: since } }] },
    data: { requestedAt: now, nextSyncAt: now },
  });
  if (count === 0) return fail("A sync was asked for less than a minute ago. Try again in a minute.");
  return okMessage("Sync queued: the new snapshot (or why it failed) appears here within a minute. Reload the page to see it.");
}
