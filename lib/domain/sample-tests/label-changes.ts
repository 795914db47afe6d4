import "server-only";
import { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import { listingsChangedSql } from "@/lib/model/catalog/listing-writes";
import { findAgentsWithAgedLabels, type LatestTestFacts } from "@/lib/model/catalog/sample-test-capabilities";
import { daysBefore, UNREACHABLE_WINDOW_DAYS } from "@/lib/model/figures/reputation";
import { sampleTestFreshSince } from "@/lib/model/figures/sample-tested";

// What a sample test shows on a listing — "sample-tested", "not currently passing", "unreachable" — is part of
// the listing: when it changes, the agent's listings are announced as changed (lib/model/catalog/listing-writes.ts),
// so the shared HTTP cache forgets their pages and search's index reads them again. A test announces only
// when it changes one of them (not every test: each announcement is a NOTIFY, and NOTIFYing transactions
// commit one at a time); time changes them too, and the worker announces those (announceAgedLabels).

/** A capability's latest test and latest pass, as the trigger on "SampleTest" keeps them on the row. */
export type TestFacts = LatestTestFacts;

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
    const ids = await findAgentsWithAgedLabels(tx, { staleFrom, staleTo, recentFrom, recentTo });
    if (ids.length > 0) {
      for (let i = 0; i < ids.length; i += NAMED_AGENTS) await tx.$executeRaw(listingsChangedSql(ids.slice(i, i + NAMED_AGENTS)));
    }
    await tx.$executeRaw`UPDATE "SampleTestLabelWindow" SET "since" = ${now} WHERE "id" = 1`;
    return ids.length;
  });
}
