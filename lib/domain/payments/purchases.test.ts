import { afterAll, describe, expect, it } from "vitest";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { createTestEntitlement, createTestEvent, createTestPlan } from "@/lib/testing/money-fixtures";
import { findMyPurchases } from "./purchases";

afterAll(cleanUpTestRows);

const now = new Date("2026-12-10T12:00:00Z");

async function world() {
  const publisher = await createTestUser();
  const buyer = await createTestUser();
  const someoneElse = await createTestUser();
  const shop = await createTestAgent({ ownerId: publisher.id, status: "published" });
  const gone = await createTestAgent({ ownerId: publisher.id, status: "unpublished" });
  const matureOnly = await createTestAgent({ ownerId: publisher.id, status: "published", capabilities: [{ contentRating: "mature" }] });
  const [shopCap, goneCap, matureCap] = [shop.capabilities[0], gone.capabilities[0], matureOnly.capabilities[0]];
  if (!shopCap || !goneCap || !matureCap) throw new Error("fixture");
  await createTestPlan(shopCap.id, { planId: "pack_100", type: "pack", priceUsd: 1.5, extra: { calls: 100 } });
  await createTestPlan(shopCap.id, { planId: "monthly", type: "subscription", priceUsd: 12, position: 1, extra: { period: "month" } });
  await createTestPlan(goneCap.id, { planId: "pack_10", type: "pack", priceUsd: 1, extra: { calls: 10 } });
  return { publisher, buyer, someoneElse, shop, gone, matureOnly };
}

describe("findMyPurchases", () => {
  it("returns only the viewer's own entitlements, each in words", async () => {
    const w = await world();
    const pack = await createTestEntitlement(w.buyer.id, w.shop.id, {
      planId: "pack_100",
      callsGranted: 100,
      callsLeft: 87,
      createdAt: new Date("2026-12-01T10:00:00Z"),
    });
    const refunded = await createTestEntitlement(w.buyer.id, w.shop.id, {
      planId: "pack_100",
      status: "refunded",
      callsGranted: 100,
      callsLeft: 0,
      callsRevoked: 13,
      createdAt: new Date("2026-11-20T10:00:00Z"),
    });
    const monthly = await createTestEntitlement(
      w.buyer.id,
      w.shop.id,
      {
        planId: "monthly",
        amountCents: 1200,
        subscriptionId: `sub_${w.shop.id}`,
        activeUntil: new Date("2027-01-03T09:00:00Z"),
        subscriptionStatus: "active",
        createdAt: new Date("2026-12-03T10:00:00Z"),
      },
      { createdAt: new Date("2026-12-03T10:00:00Z") },
    );
    const failed = await createTestEntitlement(w.buyer.id, w.shop.id, {
      planId: "monthly",
      amountCents: 1200,
      status: "ended",
      subscriptionStatus: "past_due",
      activeUntil: new Date("2026-11-03T09:00:00Z"),
      createdAt: new Date("2026-10-03T10:00:00Z"),
    });
    const theirs = await createTestEntitlement(w.someoneElse.id, w.shop.id, { planId: "pack_100", callsGranted: 100, callsLeft: 100 });

    const mine = await findMyPurchases(w.buyer, now);
    expect(mine.map((p) => p.id)).toEqual([monthly.entitlement.id, pack.entitlement.id, refunded.entitlement.id, failed.entitlement.id]);
    expect(mine.map((p) => p.id)).not.toContain(theirs.entitlement.id);

    const agent = { listed: true, handle: w.shop.handle, displayName: `Agent ${w.shop.handle}` };
    expect(mine[1]).toMatchObject({ agent, planWords: "Pack of 100 calls · $1.50", state: "active", leftWords: "87 of 100 calls left", paid: "$1.50" });
    expect(mine[2]).toMatchObject({ state: "refunded", leftWords: "13 calls revoked after a refund" });
    expect(mine[0]).toMatchObject({ agent, planWords: "$12 a month", state: "active", leftWords: "Active until 3 January 2027", paid: "$12.00" });
    expect(mine[3]).toMatchObject({ state: "payment_failed", leftWords: "Payment failed" });

    expect((await findMyPurchases(w.someoneElse, now)).map((p) => p.id)).toEqual([theirs.entitlement.id]);
    expect(await findMyPurchases(w.publisher, now)).toEqual([]);
  });

  it("lists the events that granted or changed a subscription, oldest first, and no one else's", async () => {
    const w = await world();
    const subscriptionId = `sub_${w.shop.id}`;
    const monthly = await createTestEntitlement(
      w.buyer.id,
      w.shop.id,
      { planId: "monthly", amountCents: 1200, subscriptionId, activeUntil: new Date("2027-01-03T09:00:00Z") },
      { createdAt: new Date("2026-12-03T10:00:00Z") },
    );
    const renewal = await createTestEvent(w.shop.id, { type: "invoice.paid", outcome: "applied", subscriptionId, createdAt: new Date("2026-12-04T10:00:00Z") });
    await createTestEvent(w.shop.id, {
      type: "customer.subscription.updated",
      outcome: "ignored",
      subscriptionId,
      createdAt: new Date("2026-12-05T10:00:00Z"),
    });
    // The same subscription ID at another agent is another publisher's Stripe account.
    await createTestEvent(w.gone.id, {
      type: "customer.subscription.deleted",
      outcome: "applied",
      subscriptionId,
      createdAt: new Date("2026-12-06T10:00:00Z"),
    });

    const [purchase] = await findMyPurchases(w.buyer, now);
    expect(purchase?.events).toEqual([
      { id: monthly.event.id, at: new Date("2026-12-03T10:00:00Z"), words: "Paid at checkout", outcome: "granted" },
      { id: renewal.id, at: new Date("2026-12-04T10:00:00Z"), words: "Subscription payment received", outcome: "applied" },
    ]);
  });

  it("names an agent only while the viewer may still see it", async () => {
    const w = await world();
    await createTestEntitlement(w.buyer.id, w.gone.id, { planId: "pack_10", callsGranted: 10, callsLeft: 4, createdAt: new Date("2026-12-02T10:00:00Z") });
    await createTestEntitlement(w.buyer.id, w.matureOnly.id, {
      planId: "vanished",
      callsGranted: 10,
      callsLeft: 10,
      createdAt: new Date("2026-12-01T10:00:00Z"),
    });

    const [gone, mature] = await findMyPurchases(w.buyer, now);
    expect(gone).toMatchObject({ agent: { listed: false }, planWords: "Pack of 10 calls · $1", leftWords: "4 of 10 calls left" });
    expect(mature).toMatchObject({ agent: { listed: false }, planWords: "A plan no longer listed" });
    expect(JSON.stringify([gone, mature])).not.toContain(w.gone.handle);
    expect(JSON.stringify([gone, mature])).not.toContain(w.matureOnly.handle);

    const adult = { ...w.buyer, dateOfBirth: new Date("1980-01-01"), showMature: true };
    const [, matureForAdult] = await findMyPurchases(adult, now);
    expect(matureForAdult).toMatchObject({ agent: { listed: true, handle: w.matureOnly.handle }, planWords: "Plan vanished" });
  });
});
