import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { createTestEntitlement, createTestEvent, createTestPlan } from "@/lib/testing/money-fixtures";
import { findAgentPayments, LATEST_EVENTS } from "./revenue";

afterAll(cleanUpTestRows);

const now = new Date("2026-12-10T12:00:00Z");

async function world() {
  const owner = await createTestUser();
  const buyer = await createTestUser();
  const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{ name: "Quotes" }, { name: "Free lookups" }] });
  const other = await createTestAgent({ ownerId: owner.id });
  const [quotes, lookups] = agent.capabilities;
  if (!quotes || !lookups) throw new Error("fixture");
  await createTestPlan(quotes.id, { planId: "pack_100", type: "pack", priceUsd: 1.5, extra: { calls: 100, stripe_payment_link: "plink_1Qx" } });
  await createTestPlan(quotes.id, { planId: "monthly", type: "subscription", priceUsd: 12, position: 1, extra: { period: "month" } });
  return { owner, buyer, agent, other };
}

describe("findAgentPayments", () => {
  it("is null for anyone but the agent's publisher", async () => {
    const w = await world();
    expect(await findAgentPayments(w.buyer.id, w.agent.handle, now)).toBeNull();
    expect(await findAgentPayments(w.owner.id, w.agent.handle, now)).not.toBeNull();
  });

  it("sums what each plan's grants were paid per currency, counting refunds apart and active grants with their calls", async () => {
    const w = await world();
    const b = w.buyer.id;
    await createTestEntitlement(b, w.agent.id, { planId: "pack_100", amountCents: 150, callsGranted: 100, callsLeft: 87 });
    await createTestEntitlement(b, w.agent.id, { planId: "pack_100", amountCents: 150, callsGranted: 100, callsLeft: 0 });
    await createTestEntitlement(b, w.agent.id, { planId: "pack_100", amountCents: 150, callsGranted: 100, callsLeft: 0, callsRevoked: 13, status: "refunded" });
    await createTestEntitlement(b, w.agent.id, { planId: "pack_100", amountCents: 140, currency: "eur", callsGranted: 100, callsLeft: 100 });
    await createTestEntitlement(b, w.agent.id, { planId: "monthly", amountCents: 1200, activeUntil: new Date("2027-01-03T00:00:00Z") });
    await createTestEntitlement(b, w.agent.id, { planId: "monthly", amountCents: 1200, activeUntil: new Date("2026-12-01T00:00:00Z") });
    await createTestEntitlement(b, w.agent.id, { planId: "monthly", amountCents: 1200, status: "ended" });
    await createTestEntitlement(b, w.other.id, { planId: "pack_100", amountCents: 9900, callsGranted: 100, callsLeft: 100 });

    const payments = await findAgentPayments(w.owner.id, w.agent.handle, now);
    expect(payments?.revenue).toEqual([
      {
        planId: "monthly",
        planWords: "$12 a month",
        planType: "subscription",
        currency: "usd",
        paidGrants: 3,
        paidCents: 3600,
        refundedGrants: 0,
        refundedCents: 0,
        activeGrants: 1,
        callsLeft: 0,
      },
      {
        planId: "pack_100",
        planWords: "Pack of 100 calls · $1.50",
        planType: "pack",
        currency: "eur",
        paidGrants: 1,
        paidCents: 140,
        refundedGrants: 0,
        refundedCents: 0,
        activeGrants: 1,
        callsLeft: 100,
      },
      {
        planId: "pack_100",
        planWords: "Pack of 100 calls · $1.50",
        planType: "pack",
        currency: "usd",
        paidGrants: 2,
        paidCents: 300,
        refundedGrants: 1,
        refundedCents: 150,
        activeGrants: 1,
        callsLeft: 87,
      },
    ]);
  });

  it("keeps the latest events, newest first, and counts every mismatch", async () => {
    const w = await world();
    const base = new Date("2026-12-01T00:00:00Z").getTime();
    // The oldest is a mismatch that falls out of the latest 50: still counted.
    await createTestEvent(w.agent.id, { outcome: "mismatch", message: "Amount $4 is not the plan's $5.", receivedAt: new Date(base) });
    for (let i = 1; i <= LATEST_EVENTS + 4; i++) {
      await createTestEvent(w.agent.id, { outcome: i % 10 === 0 ? "mismatch" : "granted", planId: "pack_100", receivedAt: new Date(base + i * 60_000) });
    }
    await createTestEvent(w.other.id, { outcome: "mismatch", receivedAt: new Date(base) });

    const payments = await findAgentPayments(w.owner.id, w.agent.handle, now);
    expect(payments?.mismatches).toBe(6);
    expect(payments?.events).toHaveLength(LATEST_EVENTS);
    expect(payments?.events[0]?.receivedAt).toEqual(new Date(base + (LATEST_EVENTS + 4) * 60_000));
    expect(payments?.events.at(-1)?.receivedAt).toEqual(new Date(base + 5 * 60_000));
    expect(payments?.events.filter((e) => e.outcome === "mismatch")).toHaveLength(5);
    expect(payments?.events[0]).toMatchObject({ planId: "pack_100", planWords: "Pack of 100 calls · $1.50" });
  });

  it("says whether the agent is Stripe-verified, with its webhook's health, and each plan's Payment Link", async () => {
    const w = await world();
    const provider = await findAgentPayments(w.owner.id, w.agent.handle, now);
    expect(provider?.webhook).toBeNull();
    expect(provider?.services).toEqual([
      {
        capabilityId: "cap_t0",
        name: "Quotes",
        plans: [
          { planId: "pack_100", type: "pack", headline: "Pack of 100 calls · $1.50", stripePaymentLink: "plink_1Qx" },
          { planId: "monthly", type: "subscription", headline: "$12 a month", stripePaymentLink: null },
        ],
      },
      { capabilityId: "cap_t1", name: "Free lookups", plans: [] },
    ]);

    const lastFailureAt = new Date("2026-12-09T08:00:00Z");
    await db.stripeWebhook.create({
      data: { agentId: w.agent.id, secretCiphertext: "dev:sealed:text", createdAt: new Date("2026-12-01T00:00:00Z"), signatureFailures: 2, lastFailureAt },
    });
    const verified = await findAgentPayments(w.owner.id, w.agent.handle, now);
    expect(verified?.webhook).toEqual({ secretSetAt: new Date("2026-12-01T00:00:00Z"), lastEventAt: null, signatureFailures: 2, lastFailureAt });
    expect(JSON.stringify(verified)).not.toContain("sealed:text");
  });
});
