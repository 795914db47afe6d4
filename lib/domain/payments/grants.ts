import type { PlanType } from "@/generated/prisma/enums";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { planHeadline, usd } from "./plan-words";

// What a paid checkout grants under the plan its payment link sells, or why it grants nothing. Plans are
// priced in USD with up to 4 decimals (numeric(12,4)), so sums are done in ten-thousandths of a dollar.

export type PlanForGrant = { planId: string; type: PlanType; priceUsd: string | null; dailyLimit: number | null; extra: JsonObject };

export type Grant =
  { ok: true; kind: "calls"; calls: number; words: string } | { ok: true; kind: "subscription"; words: string } | { ok: false; message: string };

function tenThousandths(priceUsd: string): number {
  return Math.round(Number(priceUsd) * 10_000);
}

const callsWord = (n: number) => `${n.toLocaleString("en-US")} call${n === 1 ? "" : "s"}`;

export function grantOf(plan: PlanForGrant, paid: { amountCents: number; currency: string; mode: string }): Grant {
  const stated = planHeadline(plan);
  if (paid.currency.toLowerCase() !== "usd")
    return { ok: false, message: `Paid in ${paid.currency.toUpperCase()}, but ${plan.planId} (${stated}) is priced in USD.` };
  if (plan.type === "free" || plan.priceUsd === null || tenThousandths(plan.priceUsd) <= 0) {
    return { ok: false, message: `${plan.planId} (${stated}) has no price to pay.` };
  }
  const price = tenThousandths(plan.priceUsd);
  const amount = paid.amountCents * 100;
  const paidWords = usd(paid.amountCents / 100);
  if (plan.type === "subscription") {
    if (paid.mode !== "subscription") return { ok: false, message: `${plan.planId} is a subscription, but the checkout was a one-time payment.` };
    if (amount !== price) return { ok: false, message: `Paid ${paidWords}, but ${plan.planId} costs ${stated}.` };
    return { ok: true, kind: "subscription", words: `Subscribed to ${plan.planId} (${stated})` };
  }
  if (paid.mode !== "payment") return { ok: false, message: `${plan.planId} (${stated}) is sold by one-time payment, but the checkout was a ${paid.mode}.` };
  if (amount === 0 || amount % price !== 0) return { ok: false, message: `Paid ${paidWords}, which is not a whole number of ${plan.planId} (${stated}).` };
  const units = amount / price;
  if (plan.type === "per_call") return { ok: true, kind: "calls", calls: units, words: `Granted ${callsWord(units)} of ${plan.planId} (${stated})` };
  const perPack = plan.extra.calls;
  if (typeof perPack !== "number" || !Number.isInteger(perPack) || perPack <= 0) {
    return { ok: false, message: `${plan.planId} states no number of calls in its pack ("calls"), so Explore cannot tell what was bought.` };
  }
  const calls = units * perPack;
  return { ok: true, kind: "calls", calls, words: `Granted ${callsWord(calls)} of ${plan.planId} (${units === 1 ? stated : `${units} × ${stated}`})` };
}

/** A subscription bought now, before Stripe states its period: paid through one period of the plan. */
export function provisionalPeriodEnd(plan: PlanForGrant, from: Date): Date {
  const period = typeof plan.extra.period === "string" ? plan.extra.period.trim().toLowerCase() : "month";
  const end = new Date(from);
  if (period.startsWith("day") || period === "daily") end.setUTCDate(end.getUTCDate() + 1);
  else if (period.startsWith("week")) end.setUTCDate(end.getUTCDate() + 7);
  else if (period.startsWith("year") || period === "annual") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
