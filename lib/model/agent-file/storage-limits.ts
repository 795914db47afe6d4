import { toPointer } from "./errors";
import { codePointLength, type PlanInput } from "./schema";
import type { AgentFileError } from "./types";

// Not DESIGN.md rules, but where the schema sets no bound and a column does: Explore keeps these
// numbers in PostgreSQL integer columns and prices as numeric(12,4), and looks up categories and plan IDs
// by index (an index entry holds ~2.7 KB), so larger ones are refused in words rather than failing the write.
export const MAX_STORED_INTEGER = 2_147_483_647;
export const MAX_PRICE_USD = 99_999_999.9999;
export const MAX_INDEXED_TEXT_LENGTH = 500;

export function indexedTextTooLong(value: string | undefined, path: (string | number)[], errors: AgentFileError[]): void {
  if (value !== undefined && codePointLength(value) > MAX_INDEXED_TEXT_LENGTH) {
    errors.push({ path: toPointer(path), message: `must be at most ${MAX_INDEXED_TEXT_LENGTH} characters, the longest Explore indexes` });
  }
}

export function integerTooLarge(value: number | null | undefined, path: (string | number)[], errors: AgentFileError[]): void {
  if (typeof value === "number" && Math.abs(value) > MAX_STORED_INTEGER) {
    errors.push({ path: toPointer(path), message: `must be at most ${MAX_STORED_INTEGER}, the largest whole number Explore stores` });
  }
}

/** The plan fields Explore copies into columns: daily_limit (when whole) and price_usd (when a number). */
export function planStorageErrors(plans: readonly PlanInput[], at: (string | number)[]): AgentFileError[] {
  const errors: AgentFileError[] = [];
  plans.forEach((plan, i) => {
    const { daily_limit: dailyLimit, price_usd: priceUsd } = plan;
    indexedTextTooLong(plan.plan_id, [...at, i, "plan_id"], errors);
    if (typeof dailyLimit === "number" && Number.isInteger(dailyLimit)) integerTooLarge(dailyLimit, [...at, i, "daily_limit"], errors);
    // numeric(12,4) rounds to four places first, so anything that rounds to 100,000,000 does not fit either.
    if (typeof priceUsd === "number" && Math.abs(priceUsd) >= MAX_PRICE_USD + 0.00005) {
      errors.push({ path: toPointer([...at, i, "price_usd"]), message: `must be at most ${MAX_PRICE_USD} dollars, the largest price Explore stores` });
    }
  });
  return errors;
}
