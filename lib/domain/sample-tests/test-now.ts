import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, okMessage, type ActionResult } from "@/lib/foundations/action-result";
import { effectsSchema, exampleSchema, readStored } from "@/lib/model/catalog/stored-json";
import { TEST_NOW_INTERVAL_MS, testNowWaitSeconds } from "./schedule-rules";
import { notTestableWords, sampleTestability } from "./testability";

/** The publisher's "Test now": the capability's next test becomes due at once, at most once a minute. */
export async function requestTestNow(viewer: Pick<Viewer, "id">, handle: string, capabilityId: string, now = new Date()): Promise<ActionResult> {
  const c = await db.capability.findFirst({
    where: { capabilityId, agent: { handle, ownerId: viewer.id } },
    select: { id: true, class: true, example: true, effects: true, listed: true, agent: { select: { status: true, endpointPending: true } } },
  });
  if (!c) return fail(`No service ${capabilityId} of yours was found under ${handle}.`);
  const testability = sampleTestability({ class: c.class, example: readStored(exampleSchema, c.example), effects: readStored(effectsSchema, c.effects) });
  if (!testability.testable) return fail(notTestableWords[testability.reason]);
  if (c.agent.status !== "published" || !c.listed) return fail("Explore tests published, listed services only: publish the agent first.");
  if (c.agent.endpointPending) return fail("The agent's endpoint is not announced yet, so there is nothing to call.");

  await db.sampleTestState.createMany({ data: [{ capabilityId: c.id, nextRunAt: null }], skipDuplicates: true });
  // One conditional write, so two clicks (or two tabs) within the minute cannot both get through.
  const { count } = await db.sampleTestState.updateMany({
    where: { capabilityId: c.id, OR: [{ requestedAt: null }, { requestedAt: { lte: new Date(now.getTime() - TEST_NOW_INTERVAL_MS) } }] },
    data: { requestedAt: now, nextRunAt: now },
  });
  if (count === 0) {
    const state = await db.sampleTestState.findUnique({ where: { capabilityId: c.id }, select: { requestedAt: true } });
    const wait = Math.max(1, testNowWaitSeconds(state?.requestedAt ?? null, now));
    return fail(`A test was asked for less than a minute ago. Try again in ${wait} s.`);
  }
  return okMessage("Test queued: the result appears here within a minute.");
}
