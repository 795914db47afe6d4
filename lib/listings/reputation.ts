import { Prisma } from "@/generated/prisma/client";

// Reputation and reachability, from what Explore records (docs/api.md explains them to API users).
//
// reputation (0–1, or null when there is nothing to go on), over the last 30 days:
//   the sample-test pass rate and the share of finished runs that succeeded, averaged when both
//   exist, either one alone otherwise. Dry runs and runs still going do not count.
// unreachable: the agent's endpoint is still a ${NAME}, or it had sample tests in the last 3 days
//   and every one of them failed.

export const REPUTATION_WINDOW_DAYS = 30;
export const UNREACHABLE_WINDOW_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export type ServiceStats = {
  testsPassed: number;
  testsTotal: number;
  recentTests: number;
  recentTestsPassed: number;
  runsSucceeded: number;
  runsFinished: number;
};

/** In memory, the same formula as `reputationSql`. */
export function reputationOf(stats: Pick<ServiceStats, "testsPassed" | "testsTotal" | "runsSucceeded" | "runsFinished">): number | null {
  const passRate = stats.testsTotal > 0 ? stats.testsPassed / stats.testsTotal : null;
  const runRate = stats.runsFinished > 0 ? stats.runsSucceeded / stats.runsFinished : null;
  if (passRate !== null && runRate !== null) return (passRate + runRate) / 2;
  return passRate ?? runRate;
}

/** In memory, the same rule as `unreachableSql`. */
export function isUnreachable(input: { endpointPending: boolean; recentTests: number; recentTestsPassed: number }): boolean {
  return input.endpointPending || (input.recentTests > 0 && input.recentTestsPassed === 0);
}

/**
 * Joins per-capability 30-day statistics as `st` (tests) and `ex` (runs) onto "Capability" `c`.
 * "grouped" aggregates the window once and hash-joins it (for ranking many rows); "lateral" looks
 * each row up through the (capabilityId, startedAt) indexes (for a page of known rows).
 */
export function statsJoinSql(now: Date, mode: "grouped" | "lateral" = "grouped"): Prisma.Sql {
  const since = daysBefore(now, REPUTATION_WINDOW_DAYS);
  const recent = daysBefore(now, UNREACHABLE_WINDOW_DAYS);
  const tests = Prisma.sql`count(*)::int AS tests_total,
             (count(*) FILTER (WHERE "status" = 'passed'))::int AS tests_passed,
             (count(*) FILTER (WHERE "startedAt" > ${recent}))::int AS recent_tests,
             (count(*) FILTER (WHERE "startedAt" > ${recent} AND "status" = 'passed'))::int AS recent_tests_passed`;
  const runs = Prisma.sql`(count(*) FILTER (WHERE "status" <> 'running'))::int AS runs_finished,
             (count(*) FILTER (WHERE "status" = 'succeeded'))::int AS runs_succeeded`;
  if (mode === "lateral") {
    return Prisma.sql`
    LEFT JOIN LATERAL (
      SELECT ${tests} FROM "SampleTest" WHERE "capabilityId" = c."id" AND "startedAt" > ${since}
    ) st ON TRUE
    LEFT JOIN LATERAL (
      SELECT ${runs} FROM "Execution" WHERE "capabilityId" = c."id" AND "startedAt" > ${since} AND NOT "dryRun"
    ) ex ON TRUE`;
  }
  return Prisma.sql`
    LEFT JOIN (
      SELECT "capabilityId", ${tests}
      FROM "SampleTest" WHERE "startedAt" > ${since} GROUP BY "capabilityId"
    ) st ON st."capabilityId" = c."id"
    LEFT JOIN (
      SELECT "capabilityId", ${runs}
      FROM "Execution" WHERE "startedAt" > ${since} AND NOT "dryRun" GROUP BY "capabilityId"
    ) ex ON ex."capabilityId" = c."id"`;
}

/** Reputation as SQL (null when unknown); needs `statsJoinSql`. */
export const reputationSql = Prisma.sql`(CASE
  WHEN coalesce(st.tests_total, 0) > 0 AND coalesce(ex.runs_finished, 0) > 0
    THEN (st.tests_passed::float8 / st.tests_total + ex.runs_succeeded::float8 / ex.runs_finished) / 2
  WHEN coalesce(st.tests_total, 0) > 0 THEN st.tests_passed::float8 / st.tests_total
  WHEN coalesce(ex.runs_finished, 0) > 0 THEN ex.runs_succeeded::float8 / ex.runs_finished
  ELSE NULL END)`;

/** Unreachable as SQL over "Capability" `c` and its "Agent" `a` (columns of the two rows, no lookup). */
export function unreachableSql(now: Date): Prisma.Sql {
  const recent = daysBefore(now, UNREACHABLE_WINDOW_DAYS);
  // A test in the window and no pass in it, read from the latest test and latest pass the trigger on
  // "SampleTest" keeps on the capability (migration …_capability_latest_test).
  return Prisma.sql`(a."endpointPending" OR (
    c."lastTestAt" IS NOT NULL AND c."lastTestAt" > ${recent} AND (c."lastPassAt" IS NULL OR c."lastPassAt" <= ${recent})
  ))`;
}

/** Runs in the last 30 days, for "most run"; needs `statsJoinSql`. */
export const runsSql = Prisma.sql`coalesce(ex.runs_finished, 0)`;
