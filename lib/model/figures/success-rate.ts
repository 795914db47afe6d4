import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { ExecutionStatus } from "@/generated/prisma/enums";

// The one definition of "success rate" the dashboard uses (home figures, analytics): succeeded ÷ finished,
// where a finished run is one whose adapter call ended, well or not. Running, cancelled and payment-required
// runs never reached an end of the tool's work, so they count on neither side.

export const FINISHED_STATUSES = ["succeeded", "tool_error", "failed", "timed_out", "outcome_unknown"] as const satisfies readonly ExecutionStatus[];

/** SQL: the row aliased `alias` is a finished run. The statuses are fixed literals above, never input. */
export function finishedSql(alias: string): Prisma.Sql {
  return Prisma.raw(`${alias}."status" IN (${FINISHED_STATUSES.map((s) => `'${s}'`).join(", ")})`);
}

/** Succeeded ÷ finished, or null when nothing finished. */
export function successRate(succeeded: number, finished: number): number | null {
  return finished === 0 ? null : succeeded / finished;
}
