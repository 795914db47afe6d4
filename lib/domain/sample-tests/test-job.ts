import "server-only";
import { db } from "@/lib/foundations/db/client";
import { recordSampleTest } from "./record";
import { runSampleTest } from "./run-sample-test";
import { loadCapabilityForTest } from "./schedule";
import { nextDailyRun } from "./schedule-rules";

export type TestJobResult = "recorded" | "duplicate" | "skipped";

/**
 * What one queue job does: read the capability fresh, test it, keep the result and book the next daily
 * test. A capability that is gone, unpublished or no longer testable is skipped and not rescheduled
 * (publishing or importing it again schedules it).
 */
export async function runSampleTestJob(
  jobId: string,
  capabilityId: string,
  deps: { fetch: typeof fetch; now?: () => Date; random?: () => number; signal?: AbortSignal },
): Promise<TestJobResult> {
  // A retry of a job whose result was already kept (the worker died before telling the queue) calls nobody.
  if ((await db.sampleTest.count({ where: { jobId } })) > 0) return "duplicate";
  const capability = await loadCapabilityForTest(capabilityId);
  if (!capability) return "skipped";
  const outcome = await runSampleTest(capability, { fetch: deps.fetch, now: deps.now, signal: deps.signal });
  return recordSampleTest({
    jobId,
    capabilityId: capability.id,
    capabilityVersion: capability.version,
    outcome,
    nextRunAt: nextDailyRun(outcome.startedAt, deps.random),
  });
}
