import "server-only";
import { db } from "@/lib/foundations/db/client";
import {
  findAgentTestInputs,
  findSchedulableCapabilities,
  findSchedulableCapability,
  findTestCallTargets,
  type SchedulableCapability,
  type SchedulableScope,
} from "@/lib/model/catalog/sample-test-capabilities";
import type { CapabilityUnderTest } from "./run-sample-test";
import { FIRST_SPREAD_MS, importCallsForTest, type CapabilitySnapshot } from "./schedule-rules";
import { sampleTestability } from "./testability";

// Which capabilities get tested and when: one SampleTestState row each, whose nextRunAt the worker's
// scheduler turns into queue jobs. Triggers (import, publish, "Test now") only ever move nextRunAt
// earlier, in one small write after their own transaction committed.

export type ScheduledCapability = CapabilityUnderTest & { id: string };

/** The capability as the test needs it, or null when it cannot be sample-tested (no example, no dry run). */
export function toCapabilityUnderTest(c: SchedulableCapability): ScheduledCapability | null {
  const facts = { class: c.class, example: c.example, effects: c.effects };
  if (!sampleTestability(facts).testable) return null;
  return {
    ...facts,
    id: c.rowId,
    capabilityId: c.capabilityId,
    tool: c.tool,
    version: c.version,
    outputSchema: c.outputSchema,
    maxDurationSeconds: c.maxDurationSeconds,
    endpoint: c.agent.endpoint,
  };
}

/** A capability to test now, read fresh when its job runs; null when it is gone or no longer testable. */
export async function loadCapabilityForTest(id: string): Promise<ScheduledCapability | null> {
  const c = await findSchedulableCapability(id);
  return c ? toCapabilityUnderTest(c) : null;
}

/** Moves these capabilities' next test to `at` (or keeps an earlier one). */
export async function markSampleTestsDue(ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.sampleTestState.createMany({ data: ids.map((capabilityId) => ({ capabilityId, nextRunAt: at })), skipDuplicates: true });
  await db.sampleTestState.updateMany({
    where: { capabilityId: { in: [...ids] }, OR: [{ nextRunAt: null }, { nextRunAt: { gt: at } }] },
    data: { nextRunAt: at },
  });
}

async function testableIds(scope: SchedulableScope): Promise<string[]> {
  const capabilities = await findSchedulableCapabilities(scope);
  return capabilities.flatMap((c) => (toCapabilityUnderTest(c) ? [c.rowId] : []));
}

/** Before an import: what a test depends on, per capability ID, to compare with afterwards. */
export async function snapshotForSampleTests(handle: string): Promise<Map<string, CapabilitySnapshot>> {
  const rows = await findAgentTestInputs(handle);
  return new Map(rows.map((r) => [r.capabilityId, { version: r.version, endpoint: r.agent.endpoint, published: r.agent.status === "published" }]));
}

/** After an import committed: capabilities that are new, newly published, or changed version or endpoint are due now. */
export async function markDueAfterImport(handle: string, before: Map<string, CapabilitySnapshot>, now = new Date()): Promise<void> {
  const rows = await findAgentTestInputs(handle);
  const changed = rows.filter((r) =>
    importCallsForTest(before.get(r.capabilityId) ?? null, {
      version: r.version,
      endpoint: r.agent.endpoint,
      published: r.agent.status === "published",
    }),
  );
  if (changed.length === 0) return;
  await markSampleTestsDue(await testableIds({ rowIds: changed.map((r) => r.rowId) }), now);
}

/** After an agent was published: all its testable capabilities are due now. */
export async function markAgentDue(handle: string, now = new Date()): Promise<void> {
  await markSampleTestsDue(await testableIds({ handle }), now);
}

/** Testable capabilities without a schedule yet (e.g. listed before the worker existed): spread over the next hour. */
export async function scheduleUnscheduled(now: Date, random: () => number = Math.random): Promise<number> {
  const ids = await testableIds({ unscheduled: true });
  await db.sampleTestState.createMany({
    data: ids.map((capabilityId) => ({ capabilityId, nextRunAt: new Date(now.getTime() + random() * FIRST_SPREAD_MS) })),
    skipDuplicates: true,
  });
  return ids.length;
}

export type DueTest = { capabilityId: string; endpoint: string; maxDurationSeconds: number | null };

/** Up to `limit` capabilities whose test is due, oldest first. The caller enqueues them, then calls `clearDue`. */
export async function findDueTests(now: Date, limit: number): Promise<DueTest[]> {
  const rows = await db.sampleTestState.findMany({
    where: { nextRunAt: { lte: now } },
    orderBy: { nextRunAt: "asc" },
    take: limit,
    select: { capabilityId: true },
  });
  const targets = await findTestCallTargets(rows.map((r) => r.capabilityId));
  return rows.flatMap(({ capabilityId }) => {
    const target = targets.get(capabilityId);
    return target ? [{ capabilityId, endpoint: target.agent.endpoint, maxDurationSeconds: target.maxDurationSeconds }] : [];
  });
}

/** Marks enqueued tests as no longer due (a trigger that moved nextRunAt past `now` in between stays). */
export async function clearDue(ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.sampleTestState.updateMany({ where: { capabilityId: { in: [...ids] }, nextRunAt: { lte: now } }, data: { nextRunAt: null } });
}
