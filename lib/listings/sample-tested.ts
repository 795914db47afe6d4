import { Prisma } from "@/generated/prisma/client";

// The sample-tested rule, in one place: the label on a listing, the search facet and the API's
// `verified` all use it. A capability is sample-tested when it has an example (no example, no
// showcase, no label), its latest sample test passed, and that test started less than 7 days ago.

export const SAMPLE_TEST_FRESH_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest start time a passing latest test may have and still count. */
export function sampleTestFreshSince(now: Date): Date {
  return new Date(now.getTime() - SAMPLE_TEST_FRESH_DAYS * DAY_MS);
}

export type LatestSampleTest = { status: "passed" | "failed"; startedAt: Date };

/** In memory: give it the capability's most recent sample test (by startedAt), or null. */
export function isSampleTested(input: { hasExample: boolean; latest: LatestSampleTest | null }, now: Date): boolean {
  const { latest } = input;
  return input.hasExample && latest !== null && latest.status === "passed" && latest.startedAt > sampleTestFreshSince(now);
}

/** As SQL over "Capability" aliased `c` (uses the SampleTest (capabilityId, startedAt) index). */
export function sampleTestedSql(now: Date): Prisma.Sql {
  return Prisma.sql`(c."hasExample" AND EXISTS (
    SELECT 1 FROM (
      SELECT st."status", st."startedAt" FROM "SampleTest" st
      WHERE st."capabilityId" = c."id" ORDER BY st."startedAt" DESC LIMIT 1
    ) latest
    WHERE latest."status" = 'passed' AND latest."startedAt" > ${sampleTestFreshSince(now)}
  ))`;
}
