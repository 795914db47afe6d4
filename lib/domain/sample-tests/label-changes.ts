import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { listingsChangedSql } from "@/lib/model/catalog/listing-writes";
import { daysBefore, UNREACHABLE_WINDOW_DAYS } from "@/lib/model/figures/reputation";
import { sampleTestFreshSince } from "@/lib/model/figures/sample-tested";

// What a sample test shows on a listing — "sample-tested", "not currently passing", "unreachable" — is part of
// the listing: when it changes, the agent's listings are announced as changed (lib/model/catalog/listing-writes.ts),
// so the shared HTTP cache forgets their pages and search's index reads them again. A test announces only
// when it changes one of them (not every test: each announcement is a NOTIFY, and NOTIFYing transactions
// commit one at a time); time changes them too, and the worker announces those (announceAgedLabels).

/** A capability's latest test and latest pass, as the trigger on "SampleTest" keeps them on the row. */
export type TestFacts = { hasExample: boolean; lastTestPassed: boolean; lastTestAt: Date | null; lastPassAt: Date | null };

export type ShownLabels = { sampleTested: boolean; failing: boolean; unreachable: boolean };

/** What the listing shows at `now` (the rules of sample-tested.ts and reputation.ts, in memory). */
export function shownLabels(facts: TestFacts, now: Date): ShownLabels {
  const recent = daysBefore(now, UNREACHABLE_WINDOW_DAYS);
  const { lastTestAt, lastPassAt } = facts;
  return {
    sampleTested: facts.hasExample && facts.lastTestPassed && lastTestAt !== null && lastTestAt > sampleTestFreshSince(now),
    failing: lastTestAt !== null && !facts.lastTestPassed,
    unreachable: lastTestAt !== null && lastTestAt > recent && (lastPassAt === null || lastPassAt <= recent),
  };
}

export function sameLabels(a: ShownLabels, b: ShownLabels): boolean {
  return a.sampleTested === b.sampleTested && a.failing === b.failing && a.unreachable === b.unreachable;
}

const aroundRow = z.object({
  agentId: z.string(),
  hasExample: z.boolean(),
  lastTestPassed: z.boolean(),
  lastTestAt: z.date().nullable(),
  lastPassAt: z.date().nullable(),
  priorTestPassed: z.boolean(),
  priorTestAt: z.date().nullable(),
  priorPassAt: z.date().nullable(),
});

/**
 * In the transaction that recorded the test `jobId`, after the trigger on "SampleTest" moved the capability's
 * latest test: its facts now, and as they were without that test (the trigger's rule, read in the same
 * statement, so no lock and no second read). Null when the capability is gone.
 */
export async function testFactsAround(
  tx: Prisma.TransactionClient,
  capabilityId: string,
  jobId: string,
): Promise<{ agentId: string; before: TestFacts; after: TestFacts } | null> {
  const [row] = z.array(aroundRow).parse(
    await tx.$queryRaw<unknown[]>`
      SELECT c."agentId", c."hasExample", c."lastTestPassed", c."lastTestAt", c."lastPassAt",
             coalesce(prior."status" = 'passed', false) AS "priorTestPassed", prior."startedAt" AS "priorTestAt",
             (SELECT max(p."startedAt") FROM "SampleTest" p
              WHERE p."capabilityId" = c."id" AND p."status" = 'passed' AND p."jobId" <> ${jobId}) AS "priorPassAt"
      FROM "Capability" c
      LEFT JOIN LATERAL (
        SELECT t."startedAt", t."status" FROM "SampleTest" t
        WHERE t."capabilityId" = c."id" AND t."jobId" <> ${jobId} ORDER BY t."startedAt" DESC LIMIT 1
      ) prior ON TRUE
      WHERE c."id" = ${capabilityId}`,
  );
  if (!row) return null;
  return {
    agentId: row.agentId,
    after: { hasExample: row.hasExample, lastTestPassed: row.lastTestPassed, lastTestAt: row.lastTestAt, lastPassAt: row.lastPassAt },
    before: { hasExample: row.hasExample, lastTestPassed: row.priorTestPassed, lastTestAt: row.priorTestAt, lastPassAt: row.priorPassAt },
  };
}

/** Agents named per NOTIFY (a payload is at most 8,000 bytes; listingsPayload names no more): more go in several. */
const NAMED_AGENTS = 200;

/**
 * Announces the agents whose labels changed by age alone between the last pass and `now`: a latest pass
 * that turned 7 days old (no longer sample-tested), a last failing test that left the 3-day window (no longer
 * unreachable), a last pass that left it with tests still in it (unreachable). One transaction holds the
 * window's row, so two workers never announce the same moment twice. Returns the agents announced.
 */
export async function announceAgedLabels(now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    const [window] = z
      .array(z.object({ since: z.date() }))
      .parse(await tx.$queryRaw<unknown[]>`SELECT "since" FROM "SampleTestLabelWindow" WHERE "id" = 1 FOR UPDATE`);
    if (!window || now <= window.since) return 0;
    const [staleFrom, staleTo] = [sampleTestFreshSince(window.since), sampleTestFreshSince(now)];
    const [recentFrom, recentTo] = [daysBefore(window.since, UNREACHABLE_WINDOW_DAYS), daysBefore(now, UNREACHABLE_WINDOW_DAYS)];
    const agents = z.array(z.object({ agentId: z.string() })).parse(
      await tx.$queryRaw<unknown[]>`
        SELECT DISTINCT c."agentId" FROM "Capability" c
        WHERE (c."hasExample" AND c."lastTestPassed" AND c."lastTestAt" > ${staleFrom} AND c."lastTestAt" <= ${staleTo})
           OR (NOT c."lastTestPassed" AND c."lastTestAt" > ${recentFrom} AND c."lastTestAt" <= ${recentTo})
           OR (c."lastPassAt" > ${recentFrom} AND c."lastPassAt" <= ${recentTo} AND c."lastTestAt" > ${recentTo})`,
    );
    if (agents.length > 0) {
      const ids = agents.map((a) => a.agentId);
      for (let i = 0; i < ids.length; i += NAMED_AGENTS) await tx.$executeRaw(listingsChangedSql(ids.slice(i, i + NAMED_AGENTS)));
    }
    await tx.$executeRaw`UPDATE "SampleTestLabelWindow" SET "since" = ${now} WHERE "id" = 1`;
    return agents.length;
  });
}
