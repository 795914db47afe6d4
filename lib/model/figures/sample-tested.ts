import { Prisma } from "@/generated/prisma/client";

// How fresh a passing test must be, in one place: the label on a listing (label.ts, in memory) and the
// search facet and the API's `verified` (the SQL below) both use it, and a test holds them together. A
// capability is sample-tested when it has an example (no example, no showcase, no label), its latest
// sample test passed, and that test started less than 7 days ago.

export const SAMPLE_TEST_FRESH_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest start time a passing latest test may have and still count. */
export function sampleTestFreshSince(now: Date): Date {
  return new Date(now.getTime() - SAMPLE_TEST_FRESH_DAYS * DAY_MS);
}

/**
 * As SQL over the capability aliased `c`: its latest test, as the trigger on "SampleTest" keeps it in
 * `lastTestAt`/`lastTestPassed` (migration …_capability_latest_test), so no test is looked up per row.
 */
export function sampleTestedSql(now: Date): Prisma.Sql {
  return Prisma.sql`(c."hasExample" AND c."lastTestPassed" AND c."lastTestAt" > ${sampleTestFreshSince(now)})`;
}
