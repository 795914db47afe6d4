import "server-only";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { runSampleTestJob } from "@/lib/domain/sample-tests/test-job";
import { log } from "@/lib/foundations/log";
import { defaultQueueTuning, SAMPLE_TEST_QUEUE, sampleTestJobData, startBoss, type QueueTuning } from "./queue";
import { startScheduler } from "./scheduler";
import { defaultFetchCheckTuning, startFetchChecks, type FetchCheckTuning } from "./fetch-checks";

// The worker process's parts: the queue, the scheduler that turns due tests into jobs, pg-boss's workers
// that run them within the limits, and the logo, terms and registry jobs (fetch-checks.ts). Any number
// of workers can share one database.

export type WorkerOptions = {
  connectionString: string;
  /** Sample tests running at once against one adapter, counted across all workers. */
  perAdapter: number;
  /** Sample tests running at once in this worker. */
  total: number;
  /** The fetch every adapter call goes through (in Explore: the guarded publisherFetch()). */
  fetch: typeof fetch;
  /** How often each of the worker's `total` loops asks the queue while idle (default 2 s; at least 500 ms). */
  pollMs?: number;
  schedulerIntervalMs?: number;
  superviseIntervalSeconds?: number;
  tuning?: Partial<QueueTuning>;
  /** Tests turn off the scheduler to enqueue by hand. */
  schedule?: boolean;
  /** Logo and terms URLs over plain http to loopback (the demo and tests; EXPLORE_ALLOW_LOOPBACK_ADAPTERS). */
  allowLoopbackHttp?: boolean;
  fetchCheckTuning?: Partial<FetchCheckTuning>;
  /** How often due logo and terms checks are queued (default 2 s). */
  fetchCheckIntervalMs?: number;
  /** How long stop() lets running tests finish before failing them back to the queue (default 60 s). */
  stopTimeoutMs?: number;
};

export type Worker = { stop(): Promise<void> };

export async function startWorker(opts: WorkerOptions): Promise<Worker> {
  const tuning: QueueTuning = { ...defaultQueueTuning, ...opts.tuning };
  const pollingIntervalSeconds = Math.max(0.5, (opts.pollMs ?? 2_000) / 1000);
  // The queue's pool serves fetches, completions and the scheduler's inserts; adapter calls never hold it.
  const boss = await startBoss({ connectionString: opts.connectionString, superviseIntervalSeconds: opts.superviseIntervalSeconds });
  // One polling loop per slot: a loop busy with a slow adapter's test never holds up the others. A
  // fetch skips the jobs whose group (adapter) already has `perAdapter` running in any worker.
  await boss.work<unknown>(
    SAMPLE_TEST_QUEUE,
    { batchSize: 1, localConcurrency: opts.total, groupConcurrency: opts.perAdapter, pollingIntervalSeconds },
    async ([job]) => {
      if (!job) return;
      const data = sampleTestJobData.safeParse(job.data);
      if (!data.success) return { skipped: "malformed job data" };
      try {
        // Not job.signal: a call cut short by Explore's own shutdown or expiry must not be recorded as the adapter's failure.
        return await runSampleTestJob(job.id, data.data.capabilityId, { fetch: opts.fetch });
      } catch (error) {
        // Only Explore's own trouble lands here (an adapter's failure is a recorded result): pg-boss retries it.
        log.error("sample test job failed", { job: job.id, message: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
  );
  const scheduler = opts.schedule === false ? null : startScheduler({ boss, intervalMs: opts.schedulerIntervalMs ?? 2_000, tuning });
  const fetchChecks = await startFetchChecks({
    boss,
    fetch: opts.fetch,
    allowLoopbackHttp: opts.allowLoopbackHttp ?? false,
    tuning: { ...defaultFetchCheckTuning, ...opts.fetchCheckTuning },
    intervalMs: opts.fetchCheckIntervalMs ?? 2_000,
    pollingIntervalSeconds: opts.pollMs !== undefined ? pollingIntervalSeconds : undefined,
  });
  return {
    async stop() {
      await fetchChecks.stop();
      await scheduler?.stop();
      // Running tests finish within the timeout; past it they are failed, so another worker retries them.
      await boss.stop({ graceful: true, timeout: opts.stopTimeoutMs ?? 60_000, close: true });
      await closeAdapterClients();
    },
  };
}
