import { Prisma } from "@/generated/prisma/client";

// Reputation and reachability, from what Explore records (docs/api.md explains them to API users).
//
// reputation (0–1, or null when there is nothing to go on), over the last 30 days:
//   the sample-test pass rate and the share of finished runs that succeeded (finished as the dashboard's
//   success rate says: lib/model/figures/success-rate.ts), averaged when both exist, either one alone otherwise.
//   Dry runs never count. PostgreSQL computes it from the stored 30-day counts (CapabilityStats).
// unreachable: the agent's endpoint is still a ${NAME}, or it had sample tests in the last 3 days
//   and every one of them failed.

export const REPUTATION_WINDOW_DAYS = 30;
export const UNREACHABLE_WINDOW_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

export function daysBefore(now: Date, days: number): Date {
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
 * Joins the capability's 30-day statistics as `s` onto the capability `c`: one narrow row, kept by triggers
 * (lib/domain/listings/capability-stats.ts). Every capability has its row from its insert (a trigger, and the
 * migration's backfill), so the join is inner and a sort by its columns can walk its indexes.
 */
export const statsJoinSql = Prisma.sql`JOIN "CapabilityStats" s ON s."capabilityId" = c."id"`;

/** Reputation as SQL (null when unknown): the stored column, computed by PostgreSQL as `reputationOf` does; needs `statsJoinSql`. */
export const reputationSql = Prisma.sql`s."reputation"`;

/** Unreachable as SQL over the listing `c` of catalog_listings (lib/model/catalog/views.ts: columns of its row, no lookup). */
export function unreachableSql(now: Date): Prisma.Sql {
  const recent = daysBefore(now, UNREACHABLE_WINDOW_DAYS);
  // A test in the window and no pass in it, read from the latest test and latest pass the trigger on
  // "SampleTest" keeps on the capability (migration …_capability_latest_test).
  return Prisma.sql`(c."agentEndpointPending" OR (
    c."lastTestAt" IS NOT NULL AND c."lastTestAt" > ${recent} AND (c."lastPassAt" IS NULL OR c."lastPassAt" <= ${recent})
  ))`;
}

/** Runs in the last 30 days, for "most run"; needs `statsJoinSql`. */
export const runsSql = Prisma.sql`s."runs"`;
