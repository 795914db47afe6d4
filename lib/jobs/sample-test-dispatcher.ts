import type PgBoss from "pg-boss";
import { AdapterLimiter } from "./limiter";
import { SAMPLE_TEST_QUEUE, sampleTestJob, sampleTestJobData, type QueueTuning, type SampleTestJobData } from "./queue";
import { log } from "@/lib/log";

// Takes sample-test jobs from the queue and runs them within the limits: at most `perAdapter` at once
// against one adapter and `total` in all. pg-boss's own work() waits for a whole batch before fetching
// again, so one slow adapter would hold everyone up; this loop fetches as slots free up instead.
//
// A job whose adapter is busy waits here (at most `perAdapter` of them per adapter); one more is handed
// back to the queue for a few seconds later, so a slow or dead adapter only ever holds its own slots.

export type TestRunner = (jobId: string, data: SampleTestJobData) => Promise<unknown>;

export type DispatcherOptions = {
  boss: PgBoss;
  perAdapter: number;
  total: number;
  /** How long to wait before asking an empty queue again. */
  pollMs: number;
  tuning: QueueTuning;
  run: TestRunner;
  /** Delay before a handed-back job may run again (default 5–15 s). */
  deferMs?: () => number;
};

export type DispatcherStats = { started: number; finished: number; errors: number; deferred: number };

export type Dispatcher = { stats: DispatcherStats; stop(): Promise<void> };

type Held = { id: string; data: SampleTestJobData };

const HANDED_BACK_PRIORITY = -1_000_000;

export function startSampleTestDispatcher(opts: DispatcherOptions): Dispatcher {
  const { boss } = opts;
  const deferMs = opts.deferMs ?? (() => 5_000 + Math.random() * 10_000);
  const limiter = new AdapterLimiter(opts.perAdapter, opts.total);
  const waiting = new Map<string, Held[]>();
  let waitingCount = 0;
  const inFlight = new Set<Promise<void>>();
  const stats: DispatcherStats = { started: 0, finished: 0, errors: 0, deferred: 0 };
  let stopping = false;
  let wake: () => void = () => undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const notify = () => {
    const w = wake;
    wake = () => undefined;
    w();
  };

  async function execute(job: Held): Promise<void> {
    try {
      await opts.run(job.id, job.data);
      await boss.complete(SAMPLE_TEST_QUEUE, job.id);
      stats.finished += 1;
    } catch (error) {
      // Only Explore's own trouble lands here (an adapter's failure is a recorded result): retry later.
      stats.errors += 1;
      const message = error instanceof Error ? error.message : String(error);
      log.error("sample test job failed", { job: job.id, message });
      await boss.fail(SAMPLE_TEST_QUEUE, job.id, { message }).catch(() => undefined);
    }
  }

  function launch(job: Held): void {
    stats.started += 1;
    const running: Promise<void> = execute(job).finally(() => {
      limiter.finish(job.data.endpoint);
      inFlight.delete(running);
      startWaiting();
      notify();
    });
    inFlight.add(running);
  }

  function startWaiting(): void {
    for (const [adapter, held] of waiting) {
      while (held.length > 0 && limiter.tryStart(adapter)) {
        const job = held.shift();
        waitingCount -= 1;
        if (job) launch(job);
      }
      if (held.length === 0) waiting.delete(adapter);
    }
  }

  async function handBack(job: Held, delayMs: number): Promise<void> {
    stats.deferred += 1;
    // Queue the new job before completing the old one: a crash in between leaves a spare test, never none.
    // At the back of the queue: its adapter is busy, so every other adapter's tests go first.
    await boss.insert([sampleTestJob(job.data, opts.tuning, { startAfter: new Date(Date.now() + delayMs), priority: HANDED_BACK_PRIORITY })]);
    await boss.complete(SAMPLE_TEST_QUEUE, job.id);
  }

  async function accept(job: Held): Promise<void> {
    const adapter = job.data.endpoint;
    const held = waiting.get(adapter);
    if (!held && limiter.tryStart(adapter)) return launch(job);
    if (!held) waiting.set(adapter, [job]);
    else if (held.length < opts.perAdapter) held.push(job);
    else return handBack(job, deferMs());
    waitingCount += 1;
  }

  const loop = (async () => {
    while (!stopping) {
      const room = opts.total - limiter.running - waitingCount;
      if (room <= 0) {
        await sleep(opts.pollMs);
        continue;
      }
      const jobs = await boss.fetch<unknown>(SAMPLE_TEST_QUEUE, { batchSize: room });
      for (const job of jobs) {
        const data = sampleTestJobData.safeParse(job.data);
        try {
          if (data.success) await accept({ id: job.id, data: data.data });
          else await boss.complete(SAMPLE_TEST_QUEUE, job.id, { skipped: "malformed job data" });
        } catch (error) {
          log.error("sample test job", { job: job.id, error });
        }
      }
      if (jobs.length === 0) await sleep(opts.pollMs);
    }
  })();

  return {
    stats,
    async stop() {
      stopping = true;
      notify();
      await loop;
      // Held jobs go back to the queue at once; running ones finish (or expire and are retried if we are killed).
      const held = [...waiting.values()].flat();
      waiting.clear();
      waitingCount = 0;
      await Promise.all(held.map((job) => handBack(job, 0).catch(() => undefined)));
      await Promise.all(inFlight);
    },
  };
}
