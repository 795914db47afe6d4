// What the analytics count, shared by the queries, the page and the CSV (plain values; no server code here).
import type { ExecutionStatus } from "@/generated/prisma/enums";

export type Outcome = ExecutionStatus;
export type OutcomeCounts = Record<Outcome, number>;

/** Every execution status, in the order the charts stack them and the CSV lists them. */
export const OUTCOMES = [
  "succeeded",
  "tool_error",
  "failed",
  "timed_out",
  "payment_required",
  "cancelled",
  "outcome_unknown",
  "running",
] as const satisfies readonly Outcome[];

/** The outcomes that are not a success and not still running: the "errors by kind". */
export const ERROR_KINDS = ["tool_error", "failed", "timed_out", "payment_required", "cancelled", "outcome_unknown"] as const satisfies readonly Outcome[];

export const ANALYTICS_DAYS = 30;

const DAY_MS = 86_400_000;

/** The window: the last 30 UTC days, today included, as YYYY-MM-DD. */
export function analyticsWindow(now: Date): { firstDay: string; lastDay: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { firstDay: new Date(today - (ANALYTICS_DAYS - 1) * DAY_MS).toISOString().slice(0, 10), lastDay: new Date(today).toISOString().slice(0, 10) };
}

/** Every day of the window, oldest first, as YYYY-MM-DD. */
export function windowDays(firstDay: string): string[] {
  const first = Date.parse(`${firstDay}T00:00:00Z`);
  return Array.from({ length: ANALYTICS_DAYS }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}
