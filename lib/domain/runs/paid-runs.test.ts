import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { sealSecret } from "@/lib/foundations/secrets";
import { startMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { consumerIdFor } from "@/lib/domain/payments/consumer-id";
import { getRunPanel } from "./queries";
import { runCapability, type RunInput } from "./run-capability";

// Paid runs of a Stripe-verified agent: the plan a run uses, consent, and entitlements spent in the same
// transaction as the execution record. Grants are written as the webhook writes them (its own tests prove
// the webhook); here the question is what a run may do with them.

let server: TestServer;
let guarded: GuardedFetch;
let publisher: Viewer;

beforeAll(async () => {
  server = await startMcpServer();
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
  publisher = await createTestUser();
});

afterAll(async () => {
  await closeAdapterClients();
  await guarded.close();
  await server.close();
  await cleanUpTestRows();
});

const echoSchema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
const freePlan = { planId: "free", position: 0, type: "free" as const, dailyLimit: 1, extra: { type: "free", daily_limit: 1 } };
const packPlan = {
  planId: "pack_10",
  position: 1,
  type: "pack" as const,
  priceUsd: "1",
  extra: { type: "pack", price_usd: 1, calls: 10, stripe_payment_link: "plink_10", stripe_payment_url: "https://buy.stripe.com/test_pack10" },
};
const monthly = {
  planId: "monthly",
  position: 2,
  type: "subscription" as const,
  priceUsd: "9",
  extra: { type: "subscription", price_usd: 9, period: "month", stripe_payment_link: "plink_m" },
};

async function stripeAgent(plans: (typeof packPlan | typeof freePlan | typeof monthly)[], tool = "echo") {
  const agent = await createTestAgent({
    ownerId: publisher.id,
    extra: { endpoint: server.url, paymentLink: "https://pay.example.test/agent" },
    capabilities: [
      { capabilityId: "cap_paid", extra: { tool, inputSchema: tool === "echo" ? echoSchema : { type: "object" }, isPaid: true, plans: { create: plans } } },
    ],
  });
  await db.stripeWebhook.create({ data: { agentId: agent.id, secretCiphertext: sealSecret("whsec_paid_runs", agent.id) } });
  return { id: agent.id, handle: agent.handle, capabilityId: "cap_paid" };
}

let grantNumber = 0;
async function grant(viewer: Viewer, agentId: string, data: { planId: string; calls?: number; activeUntil?: Date; subscriptionStatus?: string }) {
  grantNumber += 1;
  const eventId = `evt_paid_runs_${Date.now()}_${grantNumber}`;
  await db.stripeEvent.create({
    data: { id: eventId, agentId, type: "checkout.session.completed", createdAt: new Date(), outcome: "granted", message: "granted in a test" },
  });
  return db.entitlement.create({
    data: {
      userId: viewer.id,
      agentId,
      planId: data.planId,
      callsGranted: data.calls ?? null,
      callsLeft: data.calls ?? null,
      amountCents: 100,
      currency: "usd",
      checkoutSessionId: `cs_paid_runs_${grantNumber}_${Date.now()}`,
      eventId,
      ...(data.activeUntil
        ? { activeUntil: data.activeUntil, subscriptionStatus: data.subscriptionStatus ?? "active", subscriptionId: `sub_${grantNumber}`, stateAt: new Date() }
        : {}),
    },
  });
}

function run(viewer: Viewer, target: { handle: string; capabilityId: string }, input: Partial<RunInput> = {}) {
  return runCapability(viewer, { ...target, arguments: { text: "hi" }, dryRun: false, ...input }, { fetch: guarded });
}

const callsLeft = async (id: string) => (await db.entitlement.findUniqueOrThrow({ where: { id } })).callsLeft;

describe("paid runs of a Stripe-verified agent", () => {
  it("uses the free quota first, then asks to buy, with the person's client_reference_id on the plan's own link", async () => {
    const viewer = await createTestUser();
    const target = await stripeAgent([freePlan, packPlan]);
    const first = await run(viewer, target);
    expect(first).toMatchObject({ ok: true, execution: { paid: false, planId: "free", planWords: "Free · 1 run a day" } });

    const panel = await getRunPanel(viewer, target.handle, target.capabilityId);
    expect(panel?.notRunnable).toMatchObject({ reason: "needs_purchase", free: { limit: 1 } });
    const pack = panel?.plans.find((p) => p.planId === "pack_10");
    expect(pack).toMatchObject({ kind: "calls", available: false, words: "Pack of 10 calls · $1" });
    const link = new URL(pack?.buyLink ?? "");
    expect(link.origin + link.pathname).toBe("https://buy.stripe.com/test_pack10");
    expect(link.searchParams.get("client_reference_id")).toBe(consumerIdFor(viewer.id, target.handle));
    // The ID is written down before it is shown, so a payment naming it is traced to this person.
    expect(await db.agentConsumer.findUnique({ where: { consumerId: consumerIdFor(viewer.id, target.handle) } })).toMatchObject({
      userId: viewer.id,
      agentId: target.id,
    });

    const refused = await run(viewer, target);
    expect(refused).toMatchObject({ ok: false, notRunnable: { reason: "needs_purchase" } });
    expect(await run(viewer, target, { planId: "pack_10", consentToPay: true })).toMatchObject({
      ok: false,
      notRunnable: { reason: "plan_unavailable", words: "Pack of 10 calls · $1" },
    });
  });

  it("spends one call per run after consent, says how many are left, and refuses without consent", async () => {
    const viewer = await createTestUser();
    const target = await stripeAgent([packPlan]);
    const held = await grant(viewer, target.id, { planId: "pack_10", calls: 3 });
    const panel = await getRunPanel(viewer, target.handle, target.capabilityId);
    expect(panel).toMatchObject({ notRunnable: null, defaultPlanId: "pack_10" });
    expect(panel?.plans[0]).toMatchObject({ available: true, callsLeft: 3, consent: "This run uses 1 of your 3 pack calls." });

    expect(await run(viewer, target)).toMatchObject({ ok: false, notRunnable: { reason: "consent_needed", consent: "This run uses 1 of your 3 pack calls." } });
    expect(await callsLeft(held.id)).toBe(3);
    expect(await run(viewer, target, { consentToPay: true })).toMatchObject({ ok: true, execution: { status: "succeeded", paid: true, planId: "pack_10" } });
    expect(await callsLeft(held.id)).toBe(2);
    const [record] = await db.execution.findMany({ where: { userId: viewer.id } });
    expect(record).toMatchObject({ entitlementId: held.id, paid: true });
    expect((await getRunPanel(viewer, target.handle, target.capabilityId))?.plans[0]?.consent).toBe("This run uses 1 of your 2 pack calls.");
  });

  it("spends exactly the calls left when 50 runs race for 10", async () => {
    const viewer = await createTestUser();
    const target = await stripeAgent([packPlan]);
    const a = await grant(viewer, target.id, { planId: "pack_10", calls: 6 });
    const b = await grant(viewer, target.id, { planId: "pack_10", calls: 4 });
    const results = await Promise.all(Array.from({ length: 50 }, () => run(viewer, target, { consentToPay: true })));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    // Every other run is refused without spending: told its plan has no calls left when it lost the race at the
    // write, or to buy more when it read the plans after the last call was spent (CI's slower runs do).
    const refusals = results.flatMap((r) => (r.ok ? [] : [r.notRunnable?.reason]));
    expect(refusals).toHaveLength(40);
    expect(refusals.filter((reason) => reason !== "plan_unavailable" && reason !== "needs_purchase")).toEqual([]);
    expect([await callsLeft(a.id), await callsLeft(b.id)]).toEqual([0, 0]);
    expect(await db.execution.count({ where: { userId: viewer.id } })).toBe(10);
    expect(await db.execution.count({ where: { userId: viewer.id, entitlementId: a.id } })).toBe(6);
    const panel = await getRunPanel(viewer, target.handle, target.capabilityId);
    expect(panel?.notRunnable).toEqual({ reason: "needs_purchase", free: null });
    expect(panel?.plans[0]).toMatchObject({ available: false, unavailable: "None of the 10 calls you bought are left: buy more at the provider." });
  });

  it("gives the call back when the tool reports an error, and a dry run spends none", async () => {
    const viewer = await createTestUser();
    const failing = await stripeAgent([packPlan], "out-of-stock");
    const held = await grant(viewer, failing.id, { planId: "pack_10", calls: 2 });
    expect(await run(viewer, failing, { arguments: {}, consentToPay: true })).toMatchObject({ ok: true, execution: { status: "tool_error" } });
    expect(await callsLeft(held.id)).toBe(2);

    const dry = await createTestAgent({
      ownerId: publisher.id,
      extra: { endpoint: server.url },
      capabilities: [
        {
          capabilityId: "cap_dry",
          extra: {
            tool: "echo",
            inputSchema: { type: "object", properties: { text: { type: "string" }, dry_run: { type: "boolean" } } },
            class: "external_action",
            outsideAction: "sends_messages",
            effects: { dryRunArgument: "dry_run", idempotencyArgument: null, outcomeLookup: null, escalate: false },
            isPaid: true,
            plans: { create: [packPlan] },
          },
        },
      ],
    });
    await db.stripeWebhook.create({ data: { agentId: dry.id, secretCiphertext: sealSecret("whsec_dry", dry.id) } });
    const dryHeld = await grant(viewer, dry.id, { planId: "pack_10", calls: 1 });
    const target = { handle: dry.handle, capabilityId: "cap_dry" };
    expect(await run(viewer, target, { dryRun: true, consentToPay: true })).toMatchObject({ ok: true, execution: { dryRun: true } });
    expect(await callsLeft(dryHeld.id)).toBe(1);
  });

  it("runs under an active subscription without spending, and not after its payment failed", async () => {
    const viewer = await createTestUser();
    const target = await stripeAgent([monthly]);
    const until = new Date(Date.now() + 10 * 86_400_000);
    const sub = await grant(viewer, target.id, { planId: "monthly", activeUntil: until });
    const panel = await getRunPanel(viewer, target.handle, target.capabilityId);
    expect(panel?.plans[0]).toMatchObject({ kind: "subscription", available: true, activeUntil: until.toISOString() });
    expect(panel?.plans[0]?.consent).toMatch(/^This run is included in your subscription \(\$9 a month\), paid through /);
    expect(await run(viewer, target, { consentToPay: true })).toMatchObject({ ok: true, execution: { status: "succeeded", paid: true } });

    await db.entitlement.update({ where: { id: sub.id }, data: { subscriptionStatus: "past_due" } });
    const after = await getRunPanel(viewer, target.handle, target.capabilityId);
    expect(after?.plans[0]).toMatchObject({
      available: false,
      unavailable: "Your subscription's last payment failed: runs resume when the provider's invoice is paid.",
    });
    expect(await run(viewer, target, { consentToPay: true })).toMatchObject({ ok: false, notRunnable: { reason: "needs_purchase" } });
  });

  it("lets the person choose a paid plan over the free quota, and refuses a plan the service does not have", async () => {
    const viewer = await createTestUser();
    const target = await stripeAgent([freePlan, packPlan]);
    const held = await grant(viewer, target.id, { planId: "pack_10", calls: 5 });
    expect((await getRunPanel(viewer, target.handle, target.capabilityId))?.defaultPlanId).toBe("free");
    expect(await run(viewer, target, { planId: "pack_10", consentToPay: true })).toMatchObject({ ok: true, execution: { planId: "pack_10" } });
    expect(await callsLeft(held.id)).toBe(4);
    expect(await run(viewer, target, { planId: "gold" })).toMatchObject({
      ok: false,
      notRunnable: { reason: "plan_unavailable", why: "this service has no such plan." },
    });
  });

  it("does not spend a refunded grant", async () => {
    const viewer = await createTestUser();
    const target = await stripeAgent([packPlan]);
    const held = await grant(viewer, target.id, { planId: "pack_10", calls: 5 });
    await db.entitlement.update({ where: { id: held.id }, data: { status: "refunded" } });
    expect(await run(viewer, target, { consentToPay: true })).toMatchObject({ ok: false, notRunnable: { reason: "needs_purchase" } });
    expect(await callsLeft(held.id)).toBe(5);
  });
});
