import type { PgBoss } from "pg-boss";
import { clearDue, findDueTests, scheduleUnscheduled } from "@/lib/domain/sample-tests/schedule";
import { settleAbandonedExecutions } from "@/lib/domain/runs/abandoned-executions";
import { ageCapabilityStats } from "@/lib/domain/listings/capability-stats";
import { announceAgedLabels } from "@/lib/domain/sample-tests/label-changes";
import { startDueLoop, type DueLoop } from "./due-loop";
import { SAMPLE_TEST_QUEUE, sampleTestJob, type QueueTuning } from "./queue";
import { log } from "@/lib/foundations/log";

// Turns due SampleTestState rows into queue jobs. Every worker runs it; two workers finding the same
// row enqueue one job, because a capability has at most one queued test (the queue's singleton key).
// No ordering between adapters is needed: a fetch skips the jobs of an adapter at its limit.
// Every few minutes it also does the worker's housekeeping: capabilities no trigger scheduled, executions
// abandoned by a server that stopped mid-run (lib/domain/runs/abandoned-executions.ts), the 30-day statistics'
// window moved on (lib/domain/listings/capability-stats.ts), and the listings whose sample-test labels changed with
// age announced (lib/domain/sample-tests/label-changes.ts).

const BATCH = 500;

/** Enqueues every test due at `now`; returns how many were due. */
export async function enqueueDueTests(boss: PgBoss, now: Date, tuning: QueueTuning): Promise<number> {
  let total = 0;
  for (;;) {
    const due = await findDueTests(now, BATCH);
    if (due.length === 0) return total;
    await boss.insert(
      SAMPLE_TEST_QUEUE,
      due.map((test) => sampleTestJob(test, tuning)),
    );
    await clearDue(
      due.map((d) => d.capabilityId),
      now,
    );
    total += due.length;
    if (due.length < BATCH) return total;
  }
}

export type Scheduler = DueLoop;

export function startScheduler(opts: { boss: PgBoss; intervalMs: number; tuning: QueueTuning; now?: () => Date }): Scheduler {
  const now = opts.now ?? (() => new Date());
  // Also catches capabilities a trigger missed (e.g. the database write after an import failed).
  async function spreadUnscheduled() {
    try {
      const spread = await scheduleUnscheduled(now());
      if (spread > 0) log.info("sample tests scheduled over the next hour", { capabilities: spread });
    } catch (error) {
      log.error("sample tests: could not schedule new capabilities", { error });
    }
  }
  async function settleAbandoned() {
    try {
      const settled = await settleAbandonedExecutions(now());
      if (settled > 0) log.info("abandoned executions marked outcome unknown", { executions: settled });
    } catch (error) {
      log.error("runs: could not settle abandoned executions", { error });
    }
  }
  async function ageStats() {
    try {
      await ageCapabilityStats(now());
    } catch (error) {
      log.error("statistics: could not move the 30-day window", { error });
    }
  }
  async function announceAged() {
    try {
      const agents = await announceAgedLabels(now());
      if (agents > 0) log.info("sample tests: listings whose labels changed with age announced", { agents });
    } catch (error) {
      log.error("sample tests: could not announce the labels that changed with age", { error });
    }
  }
  return startDueLoop({
    intervalMs: opts.intervalMs,
    housekeeping: async () => {
      await spreadUnscheduled();
      await settleAbandoned();
      await ageStats();
      await announceAged();
    },
    enqueue: async () => {
      try {
        await enqueueDueTests(opts.boss, now(), opts.tuning);
      } catch (error) {
        log.error("sample tests: could not enqueue due tests", { error });
      }
    },
  });
}
