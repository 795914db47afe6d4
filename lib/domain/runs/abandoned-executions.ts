import "server-only";
import { db } from "@/lib/foundations/db/client";
import { pastCallDeadlineSql } from "@/lib/model/catalog/executions";

// An execution stays "running" only while its call is in flight, which the call's deadline bounds. One still
// running long after that was abandoned: the server stopped mid-call, or stopped after answering but before
// finishing the record (run-capability.ts finishes it after the answer). Explore cannot tell how it ended, so
// the worker marks it "outcome unknown" — never retried, and shown to the publisher like any unknown outcome.

/** Beyond the call's own deadline, before a running record counts as abandoned. */
export const ABANDONED_AFTER_MS = 5 * 60_000;

export const ABANDONED_MESSAGE =
  "Outcome unknown: Explore stopped before it recorded how this run ended, so it cannot tell what the adapter did. It was not retried and will not be.";

/** Marks abandoned executions "outcome unknown"; returns how many. Safe to run from several workers at once. */
export async function settleAbandonedExecutions(now = new Date()): Promise<number> {
  return db.$executeRaw`
    UPDATE "Execution" e SET "status" = 'outcome_unknown', "finishedAt" = ${now}, "message" = ${ABANDONED_MESSAGE}
    WHERE e."status" = 'running' AND ${pastCallDeadlineSql(now, ABANDONED_AFTER_MS / 1000)}`;
}
