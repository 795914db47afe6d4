import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { listingsAs } from "@/lib/model/catalog/views";
import { successRate } from "@/lib/model/figures/success-rate";
import { sampleTestedSql } from "@/lib/model/figures/sample-tested";
import { statsJoinSql } from "@/lib/model/figures/reputation";

// What a card says about a service's use and health: runs in 30 days (the API's runs_30d: every non-dry run
// that is no longer running), the success rate (lib/model/figures/success-rate.ts, the dashboard's one definition) and
// when the latest sample test passed. One statement for all the cards of a page, never one per card; the
// counts are the stored ones "most run" sorts by (CapabilityStats), so the order and the cards agree.

/** Fewer finished runs than this in 30 days and a success rate says more about luck than the service: not shown. */
export const MIN_RUNS_FOR_SUCCESS_RATE = 10;

export type CardStats = {
  runs30d: number;
  /** 0–1, only with at least MIN_RUNS_FOR_SUCCESS_RATE finished runs. */
  successRate: number | null;
  /** The start of the latest sample test while it earns the label (passed, fresh, with an example); else null. */
  sampleTestedAt: Date | null;
};

const rowSchema = z.object({
  id: z.string(),
  runs: z.number().int(),
  finished: z.number().int(),
  succeeded: z.number().int(),
  tested: z.boolean(),
  tested_at: z.date().nullable(),
});

/** The rate a card shows, or null below the threshold. */
export function shownSuccessRate(succeeded: number, finished: number): number | null {
  return finished < MIN_RUNS_FOR_SUCCESS_RATE ? null : successRate(succeeded, finished);
}

/** Card figures of known capability rows (visibility was applied by whoever found the ids). */
export async function findCardStats(rowIds: readonly string[], now = new Date()): Promise<Map<string, CardStats>> {
  if (rowIds.length === 0) return new Map();
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT c."id", s."runs" AS runs, s."finished" AS finished, s."succeeded" AS succeeded,
           ${sampleTestedSql(now)} AS tested, c."lastTestAt" AS tested_at
    FROM ${listingsAs("c")} ${statsJoinSql}
    WHERE c."id" = ANY(${[...rowIds]}::text[])`);
  return new Map(
    z
      .array(rowSchema)
      .parse(raw)
      .map((r) => [r.id, { runs30d: r.runs, successRate: shownSuccessRate(r.succeeded, r.finished), sampleTestedAt: r.tested ? r.tested_at : null }]),
  );
}
