import PgBoss from "pg-boss";
import { z } from "zod";
import { callDeadlineMs } from "@/lib/adapters/publisher-fetch";
import { log } from "@/lib/log";

// The job queue: pg-boss 10 in Explore's own PostgreSQL (its tables live in the `pgboss` schema, beside
// Prisma's). pg-boss 12's groupConcurrency would replace the sample-test dispatcher and limiter: not yet adopted.

export const SAMPLE_TEST_QUEUE = "sample-test";

export const sampleTestJobData = z.object({
  /** Capability.id (the row). */
  capabilityId: z.string().min(1),
  /** The agent's endpoint when the job was queued: the key of the per-adapter limit. */
  endpoint: z.string(),
  maxDurationSeconds: z.number().int().positive().nullable(),
});
export type SampleTestJobData = z.infer<typeof sampleTestJobData>;

export type QueueTuning = {
  /** Added to twice the call deadline to get the job's expiry: a job active longer than that is retried elsewhere. */
  expiryMarginSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
};

export const defaultQueueTuning: QueueTuning = { expiryMarginSeconds: 60, retryLimit: 5, retryDelaySeconds: 10 };

export type BossOptions = { connectionString: string; maintenanceIntervalSeconds?: number; max?: number };

/** Starts pg-boss (creating its schema on first use) and the sample-test queue. */
export async function startBoss(opts: BossOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    application_name: "explore-worker",
    max: opts.max ?? 10,
    // Expired jobs are found by maintenance: that is what retries a test whose worker died.
    supervise: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 30,
    // No pg-boss cron: the daily schedule is per capability (lib/sample-tests/schedule.ts).
    schedule: false,
  });
  boss.on("error", (error) => log.error("job queue", { error }));
  await boss.start();
  if (!(await boss.getQueue(SAMPLE_TEST_QUEUE))) {
    // "short": at most one queued (not yet started) test per capability, so triggers never pile up.
    await boss.createQueue(SAMPLE_TEST_QUEUE, { name: SAMPLE_TEST_QUEUE, policy: "short" }).catch(async (error: unknown) => {
      if (!(await boss.getQueue(SAMPLE_TEST_QUEUE))) throw error;
    });
  }
  return boss;
}

/** The job for one capability's test; its singleton key keeps one queued test per capability. */
export function sampleTestJob(
  data: SampleTestJobData,
  tuning: QueueTuning,
  place: { startAfter?: Date; priority?: number } = {},
): PgBoss.JobInsert<SampleTestJobData> {
  const deadlineSeconds = Math.ceil(callDeadlineMs(data.maxDurationSeconds) / 1000);
  return {
    name: SAMPLE_TEST_QUEUE,
    data,
    singletonKey: `capability:${data.capabilityId}`,
    // Twice the deadline: a job may wait behind its adapter's running tests before its own call starts.
    expireInSeconds: 2 * deadlineSeconds + tuning.expiryMarginSeconds,
    retryLimit: tuning.retryLimit,
    retryDelay: tuning.retryDelaySeconds,
    retryBackoff: true,
    // Higher first; the scheduler uses it to take adapters in turn (see scheduler.ts).
    priority: place.priority ?? 0,
    ...(place.startAfter ? { startAfter: place.startAfter } : {}),
  };
}
