import type { JsonValue } from "@/lib/model/agent-file/types";
import type { CatalogPlan } from "@/lib/model/catalog/read-model";
import { fieldLabel } from "@/lib/model/agent-file/labels";

// Plans in words and figures (DESIGN.md "Money": prices in words everywhere; plan_id is a label of last
// resort). One module for the plan cards, the cards' price summary and the share image.

type Plan = Pick<CatalogPlan, "type" | "priceUsd" | "dailyLimit" | "extra">;

/** Fields this module words itself; every other field of a plan is shown as label and value. */
// stripe_payment_link is the publisher's wiring for Stripe-verified payments (lib/domain/payments/stripe-events.ts), not a term of the plan.
const WORDED_FIELDS = new Set(["type", "plan_id", "price_usd", "daily_limit", "calls", "period", "stripe_payment_link"]);

const PERIODS: Record<string, { long: string; short: string }> = {
  day: { long: "a day", short: "/day" },
  daily: { long: "a day", short: "/day" },
  week: { long: "a week", short: "/wk" },
  weekly: { long: "a week", short: "/wk" },
  month: { long: "a month", short: "/mo" },
  monthly: { long: "a month", short: "/mo" },
  year: { long: "a year", short: "/yr" },
  yearly: { long: "a year", short: "/yr" },
  annual: { long: "a year", short: "/yr" },
};

// Made once: a NumberFormat per price was ~4 % of the API's CPU (each card and API item states its prices).
const wholeDollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0, maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** "$12", "$1.50", "$0.02", "$0.005": whole dollars without cents, otherwise cents and up to 4 decimals. */
export function usd(amount: string | number): string {
  const n = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(n)) return `$${amount}`;
  return (Number.isInteger(n) ? wholeDollars : dollarsAndCents).format(n);
}

function positiveInteger(value: JsonValue | undefined): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

function period(plan: Plan): { long: string; short: string } | null {
  const value = plan.extra.period;
  if (typeof value !== "string") return null;
  return PERIODS[value.trim().toLowerCase()] ?? { long: `per ${value.trim()}`, short: `/${value.trim()}` };
}

const count = (n: number) => n.toLocaleString("en-US");
const runsADay = (n: number) => `${count(n)} run${n === 1 ? "" : "s"} a day`;

/** The plan in one line: "Free · 20 runs a day", "$0.02 a call", "Pack of 100 calls · $1.50", "$12 a month". */
export function planHeadline(plan: Plan): string {
  const price = plan.priceUsd === null ? null : usd(plan.priceUsd);
  switch (plan.type) {
    case "free":
      return plan.dailyLimit === null ? "Free" : `Free · ${runsADay(plan.dailyLimit)}`;
    case "per_call":
      return price === null ? "Per call · price not stated" : `${price} a call`;
    case "pack": {
      const calls = positiveInteger(plan.extra.calls);
      const what = calls === null ? "Pack" : `Pack of ${count(calls)} call${calls === 1 ? "" : "s"}`;
      return `${what} · ${price ?? "price not stated"}`;
    }
    case "subscription": {
      const every = period(plan);
      if (price === null) return every ? `Subscription ${every.long} · price not stated` : "Subscription · price not stated";
      return every ? `${price} ${every.long}` : `Subscription · ${price}`;
    }
  }
}

/** The plan in a few characters, for a card: "Free 20/day", "$0.02/call", "100 calls $1.50", "$12/mo". */
export function planShort(plan: Plan): string {
  const price = plan.priceUsd === null ? null : usd(plan.priceUsd);
  switch (plan.type) {
    case "free":
      return plan.dailyLimit === null ? "Free" : `Free ${count(plan.dailyLimit)}/day`;
    case "per_call":
      return price === null ? "Per call" : `${price}/call`;
    case "pack": {
      const calls = positiveInteger(plan.extra.calls);
      return [calls === null ? "Pack" : `${count(calls)} calls`, price].filter((p) => p !== null).join(" ");
    }
    case "subscription": {
      const every = period(plan);
      return price === null ? "Subscription" : `${price}${every?.short ?? " subscription"}`;
    }
  }
}

/** It has a free plan (with or without a daily limit): "free to try", for the cards, the API and the price facet's words. */
export function isFreeToTry(plans: readonly Pick<Plan, "type">[]): boolean {
  return plans.some((p) => p.type === "free");
}

/** A service's plans on a card: "Free 20/day · $12/mo" (free first, at most three, then "+ N more"). */
export function priceSummary(plans: readonly Plan[]): string {
  if (plans.length === 0) return "Free";
  const ordered = [...plans.filter((p) => p.type === "free"), ...plans.filter((p) => p.type !== "free")];
  const words = [...new Set(ordered.map(planShort))];
  const shown = words.slice(0, 3).join(" · ");
  return words.length > 3 ? `${shown} · + ${words.length - 3} more` : shown;
}

function valueWords(value: JsonValue): string {
  if (value === null) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** The plan's other fields as written, as label and value ("Note text: faster"). */
export function planExtraFields(plan: Plan): { label: string; value: string }[] {
  return Object.entries(plan.extra)
    .filter(([key]) => !WORDED_FIELDS.has(key))
    .map(([key, value]) => ({ label: fieldLabel(key), value: valueWords(value) }));
}
