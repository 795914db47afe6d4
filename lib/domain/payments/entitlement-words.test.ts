import { describe, expect, it } from "vitest";
import { entitlementLeftWords, entitlementState, type EntitlementFacts } from "./entitlement-words";

const now = new Date("2026-12-10T12:00:00Z");

const pack = (facts: Partial<EntitlementFacts> = {}): EntitlementFacts => ({
  status: "active",
  callsGranted: 100,
  callsLeft: 87,
  callsRevoked: 0,
  activeUntil: null,
  subscriptionStatus: null,
  ...facts,
});

const subscription = (facts: Partial<EntitlementFacts> = {}): EntitlementFacts =>
  pack({ callsGranted: null, callsLeft: null, activeUntil: new Date("2027-01-03T08:00:00Z"), subscriptionStatus: "active", ...facts });

describe("what a grant leaves, in words", () => {
  it("counts calls left of calls bought", () => {
    expect(entitlementLeftWords(pack(), now)).toBe("87 of 100 calls left");
    expect(entitlementState(pack(), now)).toBe("active");
    expect(entitlementLeftWords(pack({ callsGranted: 1000, callsLeft: 1000 }), now)).toBe("1,000 of 1,000 calls left");
    expect(entitlementLeftWords(pack({ callsGranted: 1, callsLeft: 1 }), now)).toBe("1 of 1 call left");
  });

  it("is used up when no call is left", () => {
    expect(entitlementLeftWords(pack({ callsLeft: 0 }), now)).toBe("0 of 100 calls left");
    expect(entitlementState(pack({ callsLeft: 0 }), now)).toBe("used_up");
  });

  it("says how many calls a refund revoked", () => {
    const refunded = pack({ status: "refunded", callsLeft: 0, callsRevoked: 13 });
    expect(entitlementLeftWords(refunded, now)).toBe("13 calls revoked after a refund");
    expect(entitlementState(refunded, now)).toBe("refunded");
    expect(entitlementLeftWords(pack({ status: "refunded", callsLeft: 0, callsRevoked: 0 }), now)).toBe("Refunded · no calls were left to revoke");
  });

  it("words a subscription by its period and its state", () => {
    expect(entitlementLeftWords(subscription(), now)).toBe("Active until 3 January 2027");
    expect(entitlementState(subscription(), now)).toBe("active");
    expect(entitlementLeftWords(subscription({ status: "ended", subscriptionStatus: "canceled" }), now)).toBe("Ended");
    expect(entitlementLeftWords(subscription({ status: "ended", subscriptionStatus: "past_due" }), now)).toBe("Payment failed");
    expect(entitlementState(subscription({ status: "ended", subscriptionStatus: "unpaid" }), now)).toBe("payment_failed");
    expect(entitlementLeftWords(subscription({ subscriptionStatus: "past_due" }), now)).toBe("Active until 3 January 2027 · the latest payment failed");
  });

  it("treats a subscription whose period is over as ended, even while its row says active", () => {
    const lapsed = subscription({ activeUntil: new Date("2026-12-01T00:00:00Z") });
    expect(entitlementState(lapsed, now)).toBe("ended");
    expect(entitlementLeftWords(lapsed, now)).toBe("Ended");
  });
});
