import { describe, expect, it } from "vitest";
import { planExtraFields, planHeadline, priceSummary, usd } from "./plan-words";

const plan = (
  type: "free" | "per_call" | "pack" | "subscription",
  fields: { priceUsd?: string; dailyLimit?: number; extra?: Record<string, string | number | boolean> } = {},
) => ({
  type,
  priceUsd: fields.priceUsd ?? null,
  dailyLimit: fields.dailyLimit ?? null,
  extra: fields.extra ?? {},
});

describe("plans in words", () => {
  it("words each kind of plan as DESIGN.md shows it", () => {
    expect(planHeadline(plan("free", { dailyLimit: 20 }))).toBe("Free · 20 runs a day");
    expect(planHeadline(plan("free", { dailyLimit: 1 }))).toBe("Free · 1 run a day");
    expect(planHeadline(plan("free"))).toBe("Free");
    expect(planHeadline(plan("pack", { priceUsd: "5", extra: { calls: 1000 } }))).toBe("Pack of 1,000 calls · $5");
    expect(planHeadline(plan("per_call", { priceUsd: "0.0200" }))).toBe("$0.02 a call");
    expect(planHeadline(plan("pack", { priceUsd: "1.5000", extra: { calls: 100 } }))).toBe("Pack of 100 calls · $1.50");
    expect(planHeadline(plan("subscription", { priceUsd: "12.0000", extra: { period: "month" } }))).toBe("$12 a month");
    expect(planHeadline(plan("subscription", { priceUsd: "99", extra: { period: "Yearly" } }))).toBe("$99 a year");
  });

  it("says so when a price or a period is missing, instead of inventing one", () => {
    expect(planHeadline(plan("per_call"))).toBe("Per call · price not stated");
    expect(planHeadline(plan("pack", { priceUsd: "5" }))).toBe("Pack · $5");
    expect(planHeadline(plan("subscription", { priceUsd: "3" }))).toBe("Subscription · $3");
    expect(planHeadline(plan("subscription", { priceUsd: "3", extra: { period: "quarter" } }))).toBe("$3 per quarter");
  });

  it("formats dollars: whole without cents, fractions to the cent or finer", () => {
    expect([usd("12.0000"), usd("1.5"), usd("0.0200"), usd("0.005"), usd(1234)]).toEqual(["$12", "$1.50", "$0.02", "$0.005", "$1,234"]);
  });

  it("sums a service's plans up for a card, free first", () => {
    expect(priceSummary([plan("subscription", { priceUsd: "12", extra: { period: "month" } }), plan("free", { dailyLimit: 20 })])).toBe("Free 20/day · $12/mo");
    expect(priceSummary([plan("per_call", { priceUsd: "0.02" })])).toBe("$0.02/call");
    expect(priceSummary([plan("pack", { priceUsd: "1.5", extra: { calls: 100 } })])).toBe("100 calls $1.50");
    expect(priceSummary([])).toBe("Free");
    const many = [1, 2, 3, 4, 5].map((n) => plan("per_call", { priceUsd: String(n) }));
    expect(priceSummary(many)).toBe("$1/call · $2/call · $3/call · + 2 more");
  });

  it("lists the fields it does not word itself, as written", () => {
    expect(planExtraFields(plan("pack", { priceUsd: "1", extra: { calls: 10, price_usd: 1, note_text: "faster", refundable: false } }))).toEqual([
      { label: "Note text", value: "faster" },
      { label: "Refundable", value: "no" },
    ]);
  });
});
