import { PgBoss, type JobInsert, type Queue } from "pg-boss";
import pg from "pg";
import { z } from "zod";
import { callDeadlineMs } from "@/lib/domain/adapters/publisher-fetch";
import { log } from "@/lib/foundations/log";

// The job queue: pg-boss 12 in Explore's own PostgreSQL (its tables live in the `pgboss` schema, beside
// Prisma's). Sample tests carry their adapter's endpoint as their pg-boss group, so the per-adapter limit
// (the work() option groupConcurrency) is counted in the database and holds across every worker.

export const SAMPLE_TEST_QUEUE = "sample-test";

export const sampleTestJobData = z.object({
  /** Capability.id (the row). */
  capabilityId: z.string().min(1),
  /** The agent's endpoint when the job was queued: also the job's group, the key of the per-adapter limit. */
  endpoint: z.string().min(1),
  maxDurationSeconds: z.number().int().positive().nullable(),
});
export type SampleTestJobData = z.infer<typeof sampleTestJobData>;

export type QueueTuning = {
  /** Added to the call deadline to get the job's expiry: a job active longer than that is retried elsewhere. */
  expiryMarginSeconds: number;
  retryLimit: number;
  retryDelaySeconds: number;
};

export const defaultQueueTuning: QueueTuning = { expiryMarginSeconds: 60, retryLimit: 5, retryDelaySeconds: 10 };

export type BossOptions = {
  connectionString: string;
  /** How often expired jobs (a worker that died mid-test) are looked for; default 30 s. */
  superviseIntervalSeconds?: number;
  max?: number;
};

/** pg-boss 12 migrates schemas from version 25 (pg-boss 11) on; pg-boss 10 left version 24. */
const FIRST_MIGRATABLE_SCHEMA = 25;

/** Starts pg-boss (creating or migrating its schema) and the sample-test queue. */
export async function startBoss(opts: BossOptions): Promise<PgBoss> {
  await refuseUnmigratableSchema(opts.connectionString);
  const supervise = opts.superviseIntervalSeconds ?? 30;
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    application_name: "explore-worker",
    max: opts.max ?? 10,
    // Expired jobs are found by the monitor pass: that is what retries a test whose worker died.
    supervise: true,
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    // No pg-boss cron: the daily schedule is per capability (lib/domain/sample-tests/schedule.ts).
    schedule: false,
  });
  boss.on("error", (error) => log.error("job queue", { error }));
  await boss.start();
  // "short": at most one queued (not yet started) test per capability, so triggers never pile up.
  // No NOTIFY on insert: a notified queue's workers poll only every 30 s, so a slot its adapter frees
  // would wait that long. Workers poll instead (WorkerOptions.pollMs).
  await ensureQueue(boss, SAMPLE_TEST_QUEUE, { policy: "short" });
  return boss;
}

/** Creates the queue unless it exists; another worker creating it at the same moment is no error. */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<Queue, "name">): Promise<void> {
  if (await boss.getQueue(name)) return;
  await boss.createQueue(name, options).catch(async (error: unknown) => {
    if (!(await boss.getQueue(name))) throw error;
  });
}

/**
 * A pg-boss 10 schema is not migrated by pg-boss 12, whose own refusal suggests an upgrade path that does
 * not exist: say what to do instead (docs/operations.md, "Upgrading the job queue from pg-boss 10").
 */
async function refuseUnmigratableSchema(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: "explore-worker" });
  await client.connect();
  try {
    const table = await client.query<{ present: boolean }>("SELECT to_regclass('pgboss.version') IS NOT NULL AS present");
    if (!table.rows[0]?.present) return;
    const { rows } = await client.query<{ version: number }>("SELECT version FROM pgboss.version");
    const version = rows[0]?.version;
    if (version !== undefined && version < FIRST_MIGRATABLE_SCHEMA) {
      throw new Error(
        `The job queue's schema "pgboss" is at version ${version} (pg-boss 10 or earlier), which pg-boss 12 cannot migrate. ` +
          `Follow docs/operations.md, "Upgrading the job queue from pg-boss 10": requeue its jobs, drop the schema, start again.`,
      );
    }
  } finally {
    await client.end();
  }
}

/** The job for one capability's test: one queued per capability (singleton key), grouped by its adapter. */
export function sampleTestJob(data: SampleTestJobData, tuning: QueueTuning): JobInsert<SampleTestJobData> {
  const deadlineSeconds = Math.ceil(callDeadlineMs(data.maxDurationSeconds) / 1000);
  return {
    data,
    singletonKey: `capability:${data.capabilityId}`,
    group: { id: data.endpoint },
    // A job starts only when its adapter has a free slot, so the call's own deadline bounds it.
    expireInSeconds: deadlineSeconds + tuning.expiryMarginSeconds,
    retryLimit: tuning.retryLimit,
    retryDelay: tuning.retryDelaySeconds,
    retryBackoff: true,
  };
}
