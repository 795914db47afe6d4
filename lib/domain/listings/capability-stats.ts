import "server-only";
import { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import { finishedSql } from "@/lib/model/figures/success-rate";
import { daysBefore, REPUTATION_WINDOW_DAYS } from "@/lib/model/figures/reputation";

// Each capability's 30-day statistics live in "CapabilityStats", kept by triggers on "Execution" and
// "SampleTest" (migration 20261205100000_capability_stats explains the scheme). What is left to the app is
// moving the window: the worker's housekeeping calls ageCapabilityStats every few minutes.

/**
 * Moves the window's start to 30 days before `now` and takes out the runs and tests it passes, in one
 * transaction under the exclusive lock, so no trigger adds against the old start meanwhile. Never moves it
 * back.
 *
 * While it waits for the lock, runs being recorded queue behind it; a transaction that holds the shared lock
 * for long (an import dropping services that have runs) would hold them all, so it waits at most a second
 * and fails (the next housekeeping tries again).
 */
export async function ageCapabilityStats(now: Date): Promise<void> {
  const next = daysBefore(now, REPUTATION_WINDOW_DAYS);
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL lock_timeout = '1s'`;
    // The key the triggers take shared (the migration's explore_capability_stats_lock_key()).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(explore_capability_stats_lock_key())`;
    const [window] = z.array(z.object({ since: z.date() })).parse(await tx.$queryRaw<unknown[]>`SELECT "since" FROM "CapabilityStatsWindow" WHERE "id" = 1`);
    if (!window || next <= window.since) return;
    await tx.$executeRaw`
      UPDATE "CapabilityStats" s SET "runs" = s."runs" - d.runs, "finished" = s."finished" - d.finished, "succeeded" = s."succeeded" - d.succeeded
      FROM (
        SELECT e."capabilityId", count(*)::int AS runs,
               (count(*) FILTER (WHERE ${finishedSql("e")}))::int AS finished,
               (count(*) FILTER (WHERE e."status" = 'succeeded'))::int AS succeeded
        FROM "Execution" e
        WHERE e."startedAt" > ${window.since} AND e."startedAt" <= ${next} AND NOT e."dryRun" AND e."status" <> 'running'
        GROUP BY e."capabilityId"
      ) d
      WHERE s."capabilityId" = d."capabilityId"`;
    await tx.$executeRaw`
      UPDATE "CapabilityStats" s SET "tests" = s."tests" - d.tests, "testsPassed" = s."testsPassed" - d.passed
      FROM (
        SELECT t."capabilityId", count(*)::int AS tests, (count(*) FILTER (WHERE t."status" = 'passed'))::int AS passed
        FROM "SampleTest" t
        WHERE t."startedAt" > ${window.since} AND t."startedAt" <= ${next}
        GROUP BY t."capabilityId"
      ) d
      WHERE s."capabilityId" = d."capabilityId"`;
    await tx.$executeRaw`UPDATE "CapabilityStatsWindow" SET "since" = ${next} WHERE "id" = 1`;
  });
}
