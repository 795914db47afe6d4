import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, okMessage, type ActionResult } from "@/lib/foundations/action-result";
import { findOwnedCapabilityForTests } from "@/lib/model/catalog/sample-test-capabilities";
import { TEST_NOW_INTERVAL_MS, testNowWaitSeconds } from "./schedule-rules";
import { notTestableWords, sampleTestability } from "./testability";

/** The publisher's "Test now": the capability's next test becomes due at once, at most once a minute. */
export async function requestTestNow(viewer: Pick<Viewer, "id">, handle: string, capabilityId: string, now = new Date()): Promise<ActionResult> {
  const c = await findOwnedCapabilityForTests(viewer.id, handle, capabilityId);
  if (!c) return fail(`No service ${capabilityId} of yours was found under ${handle}.`);
  const testability = sampleTestability(c);
  if (!testability.testable) return fail(notTestableWords[testability.reason]);
  if (c.agent.status !== "published" || !c.listed) return fail("Explore tests published, listed services only: publish the agent first.");
  if (c.agent.endpointPending) return fail("The agent's endpoint is not announced yet, so there is nothing to call.");

  await db.sampleTestState.createMany({ data: [{ capabilityId: c.rowId, nextRunAt: null }], skipDuplicates: true });
  // One conditional write, so two clicks (or two tabs) within the minute cannot both get through.
  const { count } = await db.sampleTestState.updateMany({
    where: { capabilityId: c.rowId, OR: [{ requestedAt: null }, { requestedAt: { lte: new Date(now.getTime() - TEST_NOW_INTERVAL_MS) } }] },
    data: { requestedAt: now, nextRunAt: now },
  });
  if (count === 0) {
    const state = await db.sampleTestState.findUnique({ where: { capabilityId: c.rowId }, select: { requestedAt: true } });
    const wait = Math.max(1, testNowWaitSeconds(state?.requestedAt ?? null, now));
    return fail(`A test was asked for less than a minute ago. Try again in ${wait} s.`);
  }
  return okMessage("Test queued: the result appears here within a minute.");
}
