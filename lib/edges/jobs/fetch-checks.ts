import "server-only";
import type { JobInsert, JobWithMetadata, PgBoss } from "pg-boss";
import { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import { markUncheckedAgents } from "@/lib/domain/logos/after-import";
import { checkAgentLogo, type CheckOutcome } from "@/lib/domain/logos/check-logo";
import { syncRegistryRecord } from "@/lib/domain/registry/sync";
import { fetchAgentTerms } from "@/lib/domain/terms/fetch-terms";
import { log } from "@/lib/foundations/log";
import { startDueLoop } from "./due-loop";
import { ensureQueue } from "./queue";

// The worker's jobs that fetch one URL of an agent: its logo and terms (DESIGN.md rules 9 and 10) and, for an
// agent imported from a GA4GH entry, its registry record (lib/domain/registry/sync.ts). Triggers (an import, "Check
// again", "Sync now", the daily re-check) set a row's due time; this loop turns due rows into queue jobs, and
// one pg-boss worker per queue runs them one at a time. A transient failure (unreachable, 5xx, timeout) fails the job so the
// queue retries it with backoff; the last attempt records the failure in words.

export const LOGO_QUEUE = "logo-check";
export const TERMS_QUEUE = "terms-fetch";
export const REGISTRY_SYNC_QUEUE = "registry-sync";
const QUEUES = [LOGO_QUEUE, TERMS_QUEUE, REGISTRY_SYNC_QUEUE];

export type FetchCheckTuning = { retryLimit: number; retryDelaySeconds: number; expireInSeconds: number };

export const defaultFetchCheckTuning: FetchCheckTuning = { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 120 };

const jobData = z.object({ agentId: z.string().min(1) });

export async function createFetchCheckQueues(boss: PgBoss): Promise<void> {
  // "short": at most one queued check per agent, so triggers never pile up.
  for (const name of QUEUES) await ensureQueue(boss, name, { policy: "short" });
}

function job(agentId: string, tuning: FetchCheckTuning): JobInsert<{ agentId: string }> {
  return {
    data: { agentId },
    singletonKey: `agent:${agentId}`,
    retryLimit: tuning.retryLimit,
    retryDelay: tuning.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: tuning.expireInSeconds,
  };
}

/** Queues every logo check, terms fetch and registry sync due at `now`; returns how many. */
export async function enqueueDueFetchChecks(boss: PgBoss, now: Date, tuning: FetchCheckTuning): Promise<number> {
  const [logos, terms, records] = await Promise.all([
    db.agentLogo.findMany({ where: { nextCheckAt: { lte: now } }, select: { agentId: true }, take: 500 }),
    db.agentTermsCheck.findMany({ where: { nextCheckAt: { lte: now } }, select: { agentId: true }, take: 500 }),
    db.registryRecord.findMany({ where: { nextSyncAt: { lte: now } }, select: { agentId: true }, take: 500 }),
  ]);
  const due: [string, { agentId: string }[]][] = [
    [LOGO_QUEUE, logos],
    [TERMS_QUEUE, terms],
    [REGISTRY_SYNC_QUEUE, records],
  ];
  let queued = 0;
  for (const [name, rows] of due) {
    if (rows.length === 0) continue;
    await boss.insert(
      name,
      rows.map((r) => job(r.agentId, tuning)),
    );
    queued += rows.length;
  }
  if (queued === 0) return 0;
  // Cleared only after the insert: a crash in between queues a spare check, never none.
  const ids = (rows: { agentId: string }[]) => ({ in: rows.map((r) => r.agentId) });
  await db.agentLogo.updateMany({ where: { agentId: ids(logos), nextCheckAt: { lte: now } }, data: { nextCheckAt: null } });
  await db.agentTermsCheck.updateMany({ where: { agentId: ids(terms), nextCheckAt: { lte: now } }, data: { nextCheckAt: null } });
  await db.registryRecord.updateMany({ where: { agentId: ids(records), nextSyncAt: { lte: now } }, data: { nextSyncAt: null } });
  return queued;
}

export type FetchChecksOptions = {
  boss: PgBoss;
  fetch: typeof fetch;
  allowLoopbackHttp: boolean;
  tuning: FetchCheckTuning;
  /** How often due rows are looked for. */
  intervalMs: number;
  pollingIntervalSeconds?: number;
};

export type FetchChecks = { stop(): Promise<void> };

export async function startFetchChecks(opts: FetchChecksOptions): Promise<FetchChecks> {
  const { boss } = opts;
  await createFetchCheckQueues(boss);
  const run = (name: string, check: typeof checkAgentLogo) =>
    boss.work(
      name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
      async (jobs: JobWithMetadata<unknown>[]) => {
        for (const j of jobs) {
          const data = jobData.safeParse(j.data);
          if (!data.success) continue;
          const outcome: CheckOutcome = await check(data.data.agentId, {
            fetch: opts.fetch,
            allowLoopbackHttp: opts.allowLoopbackHttp,
            finalAttempt: j.retryCount >= j.retryLimit,
          });
          // Thrown so pg-boss retries it later, with backoff.
          if (outcome === "retry") throw new Error(`${name}: the URL could not be fetched just now; retrying`);
          log.info(`${name} done`, { agentId: data.data.agentId, outcome });
        }
      },
    );
  await run(LOGO_QUEUE, checkAgentLogo);
  await run(TERMS_QUEUE, fetchAgentTerms);
  await run(REGISTRY_SYNC_QUEUE, syncRegistryRecord);

  const loop = startDueLoop({
    intervalMs: opts.intervalMs,
    housekeeping: async () => {
      try {
        const marked = await markUncheckedAgents();
        if (marked > 0) log.info("logo and terms checks: agents without a check were given one", { agents: marked });
      } catch (error) {
        log.error("logo and terms checks: could not mark unchecked agents", { error });
      }
    },
    enqueue: async () => {
      try {
        await enqueueDueFetchChecks(boss, new Date(), opts.tuning);
      } catch (error) {
        log.error("fetch checks: could not enqueue due checks", { error });
      }
    },
  });
  return {
    async stop() {
      await loop.stop();
      for (const name of QUEUES) await boss.offWork(name);
    },
  };
}
