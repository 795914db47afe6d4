import { describe, expect, it } from "vitest";
import { ListingCards, priceSummaryOfPlans, type CardTexts } from "./listing-cards";

function texts(n: number, summary: string): CardTexts {
  return {
    handle: `@agent-${n % 2}`,
    displayName: `Agent ${n % 2}`,
    capabilityId: `cap-${n}`,
    name: `Service ${n} — Zürich 天気`,
    summary,
    category: n % 2 === 0 ? "weather.current" : "finance.quotes",
    class: n % 3 === 0 ? "external_action" : "read_only",
    version: "1.0.0",
    priceSummary: n % 2 === 0 ? "Free" : "$0.10/call",
    updatedAt: 1_700_000_000_000 + n,
  };
}

/** What the index holds of a listing besides its card texts. */
const HELD = { class: "read_only" as const, tags: ["weather"], isPaid: false, freeToTry: true, endpointPending: false, createdAt: new Date(1_600_000_000_000) };

describe("the cards the shared index holds", () => {
  it("gives back every listing's texts as set, multi-byte letters included, past the room it started with", () => {
    const cards = new ListingCards(6);
    // Each summary is longer than the room a listing starts with, so the texts' buffer grows several times.
    const rows = Array.from({ length: 6 }, (_, n) => texts(n, `Ünïcödé ✓ ${"long words ".repeat(20 * (n + 1))}${n}`));
    rows.forEach((row, n) => cards.set(n, n % 2, row));
    rows.forEach((row, n) => expect(cards.card(n, n % 2, HELD)).toEqual({ ...row, ...HELD, updatedAt: new Date(row.updatedAt) }));
  });

  it("keeps one agent's handle and display name, the last set", () => {
    const cards = new ListingCards(3);
    cards.set(0, 0, texts(0, "a"));
    cards.set(1, 0, { ...texts(2, "b"), displayName: "Renamed" });
    expect(cards.card(0, 0, HELD).displayName).toBe("Renamed");
  });

  it("refuses a listing number given out of order", () => {
    const cards = new ListingCards(3);
    expect(() => cards.set(1, 0, texts(1, "x"))).toThrow("listing number 1 given out of order");
  });
});

describe("a listing's plans worded as the loader reads them", () => {
  it("words plans as the catalog's cards do, and none as free", () => {
    expect(priceSummaryOfPlans("[]")).toBe("Free");
    expect(priceSummaryOfPlans('[["per_call", 0.1000, null, null, null]]')).toBe("$0.10/call");
    expect(priceSummaryOfPlans('[["pack", 12, null, 500, null], ["free", null, 20, null, null]]')).toBe("Free 20/day · 500 calls $12");
    expect(priceSummaryOfPlans('[["subscription", 9.5, null, null, "monthly"]]')).toBe("$9.50/mo");
  });

  it("refuses plans that are not in the loader's shape", () => {
    expect(() => priceSummaryOfPlans('[["barter", 1, null, null, null]]')).toThrow();
    expect(() => priceSummaryOfPlans('[{"type": "free"}]')).toThrow();
  });
});
