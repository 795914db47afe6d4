import "server-only";
import { closeAdapterClients } from "@/lib/adapters/mcp-call";
import { runSampleTestJob } from "@/lib/sample-tests/test-job";
import { defaultQueueTuning, startBoss, type QueueTuning } from "./queue";
import { startSampleTestDispatcher, type DispatcherStats } from "./sample-test-dispatcher";
import { startScheduler } from "./scheduler";
import { defaultFetchCheckTuning, startFetchChecks, type FetchCheckTuning } from "./fetch-checks";

// The worker process's parts: the queue, the scheduler that turns due tests into jobs, the
// dispatcher that runs them within the limits, and the logo and terms checks (fetch-checks.ts). Any
// number of workers can share one database.

export type WorkerOptions = {
  connectionString: string;
  perAdapter: number;
  total: number;
  /** The fetch every adapter call goes through (in Explore: the guarded publisherFetch()). */
  fetch: typeof fetch;
  pollMs?: number;
  schedulerIntervalMs?: number;
  maintenanceIntervalSeconds?: number;
  tuning?: Partial<QueueTuning>;
  deferMs?: () => number;
  /** Tests turn off the scheduler to enqueue by hand. */
  schedule?: boolean;
  /** Logo and terms URLs over plain http to loopback (the demo and tests; EXPLORE_ALLOW_LOOPBACK_ADAPTERS). */
  allowLoopbackHttp?: boolean;
  fetchCheckTuning?: Partial<FetchCheckTuning>;
  /** How often due logo and terms checks are queued (default 2 s). */
  fetchCheckIntervalMs?: number;
};

export type Worker = { stats: DispatcherStats; stop(): Promise<void> };

export async function startWorker(opts: WorkerOptions): Promise<Worker> {
  const tuning: QueueTuning = { ...defaultQueueTuning, ...opts.tuning };
  // The queue's pool serves fetches, completions and the scheduler's inserts; adapter calls never hold it.
  const boss = await startBoss({ connectionString: opts.connectionString, maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds });
  const dispatcher = startSampleTestDispatcher({
    boss,
    perAdapter: opts.perAdapter,
    total: opts.total,
    pollMs: opts.pollMs ?? 1_000,
    tuning,
    deferMs: opts.deferMs,
    run: (jobId, data) => runSampleTestJob(jobId, data.capabilityId, { fetch: opts.fetch }),
  });
  const scheduler = opts.schedule === false ? null : startScheduler({ boss, intervalMs: opts.schedulerIntervalMs ?? 2_000, tuning });
  const fetchChecks = await startFetchChecks({
    boss,
    fetch: opts.fetch,
    allowLoopbackHttp: opts.allowLoopbackHttp ?? false,
    tuning: { ...defaultFetchCheckTuning, ...opts.fetchCheckTuning },
    intervalMs: opts.fetchCheckIntervalMs ?? 2_000,
    pollingIntervalSeconds: opts.pollMs !== undefined ? Math.max(0.5, opts.pollMs / 1000) : undefined,
  });
  return {
    stats: dispatcher.stats,
    async stop() {
      await fetchChecks.stop();
      await scheduler?.stop();
      await dispatcher.stop();
      await boss.stop({ graceful: true, wait: true, close: true });
      await closeAdapterClients();
    },
  };
}
