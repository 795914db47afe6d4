import "server-only";
import type PgBoss from "pg-boss";
import { z } from "zod";
import { db } from "@/lib/db";
import type { CheckOutcome } from "@/lib/logos/check-logo";
import { syncRegistryRecord } from "@/lib/registry/sync";
import { log } from "@/lib/log";
import { startDueLoop } from "./due-loop";
import type { FetchCheckTuning } from "./fetch-checks";

// The worker's registry re-syncs (lib/registry/sync.ts), on the model of the logo and terms checks: a record
// is due when its nextSyncAt has passed (daily after each sync, at once after publishing or "Sync now"); this
// loop turns due rows into queue jobs, one at a time per agent; a transient failure is retried with backoff.

export const REGISTRY_SYNC_QUEUE = "registry-sync";

const jobData = z.object({ agentId: z.string().min(1) });

async function createQueue(boss: PgBoss): Promise<void> {
  if (await boss.getQueue(REGISTRY_SYNC_QUEUE)) return;
  // "short": at most one queued sync per agent, so "Sync now" and the schedule never pile up.
  await boss.createQueue(REGISTRY_SYNC_QUEUE, { name: REGISTRY_SYNC_QUEUE, policy: "short" }).catch(async (error: unknown) => {
    if (!(await boss.getQueue(REGISTRY_SYNC_QUEUE))) throw error;
  });
}

/** Queues every registry sync due at `now`; returns how many. */
export async function enqueueDueRegistrySyncs(boss: PgBoss, now: Date, tuning: FetchCheckTuning): Promise<number> {
  const due = await db.registryRecord.findMany({ where: { nextSyncAt: { lte: now } }, select: { agentId: true }, take: 500 });
  if (due.length === 0) return 0;
  await boss.insert(
    due.map((d) => ({
      name: REGISTRY_SYNC_QUEUE,
      data: { agentId: d.agentId },
      singletonKey: `agent:${d.agentId}`,
      retryLimit: tuning.retryLimit,
      retryDelay: tuning.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: tuning.expireInSeconds,
    })),
  );
  // Cleared only after the insert: a crash in between queues a spare sync, never none.
  await db.registryRecord.updateMany({ where: { agentId: { in: due.map((d) => d.agentId) }, nextSyncAt: { lte: now } }, data: { nextSyncAt: null } });
  return due.length;
}

export type RegistrySyncOptions = {
  boss: PgBoss;
  fetch: typeof fetch;
  allowLoopbackHttp: boolean;
  tuning: FetchCheckTuning;
  intervalMs: number;
  pollingIntervalSeconds?: number;
};

export async function startRegistrySync(opts: RegistrySyncOptions): Promise<{ stop(): Promise<void> }> {
  const { boss } = opts;
  await createQueue(boss);
  await boss.work<unknown>(REGISTRY_SYNC_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async (jobs) => {
    for (const j of jobs) {
      const data = jobData.safeParse(j.data);
      if (!data.success) continue;
      const outcome: CheckOutcome = await syncRegistryRecord(data.data.agentId, {
        fetch: opts.fetch,
        allowLoopbackHttp: opts.allowLoopbackHttp,
        finalAttempt: j.retryCount >= j.retryLimit,
      });
      // Thrown so pg-boss retries it later, with backoff.
      if (outcome === "retry") throw new Error(`${REGISTRY_SYNC_QUEUE}: the agent-info endpoint could not be read just now; retrying`);
      log.info(`${REGISTRY_SYNC_QUEUE} done`, { agentId: data.data.agentId, outcome });
    }
  });
  const loop = startDueLoop({
    intervalMs: opts.intervalMs,
    housekeeping: async () => {},
    enqueue: async () => {
      try {
        await enqueueDueRegistrySyncs(boss, new Date(), opts.tuning);
      } catch (error) {
        log.error("registry syncs: could not enqueue due syncs", { error });
      }
    },
  });
  return {
    async stop() {
      await loop.stop();
      await boss.offWork(REGISTRY_SYNC_QUEUE);
    },
  };
}
