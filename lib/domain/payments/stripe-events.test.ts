import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { sealSecret } from "@/lib/foundations/secrets";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { POST } from "@/app/api/webhooks/stripe/[handle]/route";
import { consumerIdOf } from "./consumers";

// Every delivery goes through the real route with a signature made by Stripe's own SDK, as Stripe sends it.

const SECRET = "whsec_test_explore_agent_one";
const OTHER_SECRET = "whsec_test_explore_agent_two";

let buyer: Viewer;
let agent: { id: string; handle: string };
let other: { id: string; handle: string };
let consumerId: string;
let eventNumber = 0;

const plans = [
  {
    planId: "pack_100",
    position: 0,
    type: "pack" as const,
    priceUsd: "5",
    extra: { type: "pack", price_usd: 5, calls: 100, stripe_payment_link: "plink_pack" },
  },
  {
    planId: "per_call",
    position: 1,
    type: "per_call" as const,
    priceUsd: "0.02",
    extra: { type: "per_call", price_usd: 0.02, stripe_payment_link: "plink_calls" },
  },
  {
    planId: "monthly",
    position: 2,
    type: "subscription" as const,
    priceUsd: "12",
    extra: { type: "subscription", price_usd: 12, period: "month", stripe_payment_link: "plink_monthly" },
  },
];

beforeAll(async () => {
  const [publisher, person] = await Promise.all([createTestUser(), createTestUser()]);
  buyer = person;
  const made = await createTestAgent({
    ownerId: publisher.id,
    capabilities: [{ capabilityId: "cap_paid", extra: { isPaid: true, plans: { create: plans } } }],
  });
  const made2 = await createTestAgent({ ownerId: publisher.id });
  agent = { id: made.id, handle: made.handle };
  other = { id: made2.id, handle: made2.handle };
  await db.stripeWebhook.create({ data: { agentId: agent.id, secretCiphertext: sealSecret(SECRET, agent.id) } });
  await db.stripeWebhook.create({ data: { agentId: other.id, secretCiphertext: sealSecret(OTHER_SECRET, other.id) } });
  consumerId = await consumerIdOf(buyer.id, { rowId: agent.id, handle: agent.handle });
});

afterAll(async () => {
  await cleanUpTestRows();
});

type Sent = { status: number; body: { received: boolean; outcome?: string; message: string } };

async function deliver(event: object, options: { secret?: string; timestamp?: number; handle?: string; signature?: string | null } = {}): Promise<Sent> {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? SECRET, timestamp: options.timestamp })
      : options.signature;
  const handle = (options.handle ?? agent.handle).slice(1);
  const request = new Request(`http://127.0.0.1/api/webhooks/stripe/${handle}`, {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "stripe-signature": signature }) },
  });
  const response = await POST(request, { params: Promise.resolve({ handle }) });
  return { status: response.status, body: (await response.json()) as Sent["body"] };
}

function event(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  eventNumber += 1;
  return { id: `evt_test_${Date.now()}_${eventNumber}`, object: "event", type, created, data: { object } };
}

function checkout(overrides: Record<string, unknown> = {}) {
  eventNumber += 1;
  return {
    id: `cs_test_${Date.now()}_${eventNumber}`,
    object: "checkout.session",
    mode: "payment",
    payment_status: "paid",
    client_reference_id: consumerId,
    payment_link: "plink_pack",
    amount_total: 500,
    currency: "usd",
    payment_intent: `pi_test_${eventNumber}`,
    subscription: null,
    ...overrides,
  };
}

const grantsOf = (planId: string) => db.entitlement.findMany({ where: { userId: buyer.id, agentId: agent.id, planId }, orderBy: { createdAt: "asc" } });

describe("the Stripe webhook", () => {
  it("grants a pack's calls once, and a replay of the same event changes nothing", async () => {
    const session = checkout();
    const paid = event("checkout.session.completed", session);
    const first = await deliver(paid);
    expect(first).toMatchObject({ status: 200, body: { outcome: "granted", message: "Granted 100 calls of pack_100 (Pack of 100 calls · $5)." } });
    const replay = await deliver(paid);
    expect(replay).toMatchObject({ status: 200, body: { outcome: "duplicate" } });
    const grants = (await grantsOf("pack_100")).filter((g) => g.checkoutSessionId === session.id);
    expect(grants.map((g) => [g.callsGranted, g.callsLeft, g.amountCents])).toEqual([[100, 100, 500]]);
    expect(await db.stripeEvent.count({ where: { id: paid.id } })).toBe(1);
  });

  it("grants prepaid per-call calls as amount ÷ price, and two packs bought at once as twice the calls", async () => {
    expect((await deliver(event("checkout.session.completed", checkout({ payment_link: "plink_calls", amount_total: 100 })))).body.message).toBe(
      "Granted 50 calls of per_call ($0.02 a call).",
    );
    const two = await deliver(event("checkout.session.completed", checkout({ amount_total: 1000 })));
    expect(two.body.message).toBe("Granted 200 calls of pack_100 (2 × Pack of 100 calls · $5).");
  });

  it("records an event once per agent: Stripe sends one event ID to every endpoint of the account", async () => {
    const session = checkout();
    const paid = event("checkout.session.completed", session);
    // The other agent sells no plan by this link: recorded there as a mismatch, granting nothing.
    const there = await deliver(paid, { handle: other.handle, secret: OTHER_SECRET });
    expect(there).toMatchObject({ status: 200, body: { outcome: "mismatch" } });
    const here = await deliver(paid);
    expect(here).toMatchObject({ status: 200, body: { outcome: "granted" } });
    expect((await grantsOf("pack_100")).filter((g) => g.checkoutSessionId === session.id)).toHaveLength(1);
    expect(await deliver(paid)).toMatchObject({ status: 200, body: { outcome: "duplicate" } });
    expect(await deliver(paid, { handle: other.handle, secret: OTHER_SECRET })).toMatchObject({ status: 200, body: { outcome: "duplicate" } });
    const recorded = await db.stripeEvent.findMany({ where: { id: paid.id }, select: { agentId: true, outcome: true }, orderBy: { receivedAt: "asc" } });
    expect(recorded).toEqual([
      { agentId: other.id, outcome: "mismatch" },
      { agentId: agent.id, outcome: "granted" },
    ]);
  });

  it("refuses a bad signature, an event older than the tolerance and a secret of another agent, granting nothing", async () => {
    const before = await db.entitlement.count({ where: { agentId: agent.id } });
    const failuresBefore = (await db.stripeWebhook.findUniqueOrThrow({ where: { agentId: agent.id } })).signatureFailures;
    const forged = await deliver(event("checkout.session.completed", checkout()), { signature: "t=1,v1=deadbeef" });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/does not verify/);
    const old = await deliver(event("checkout.session.completed", checkout()), { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/tolerance/i);
    const foreign = await deliver(event("checkout.session.completed", checkout()), { secret: OTHER_SECRET });
    expect(foreign.status).toBe(400);
    const unsigned = await deliver(event("checkout.session.completed", checkout()), { signature: null });
    expect(unsigned).toMatchObject({ status: 400, body: { message: "The request has no Stripe-Signature header." } });
    expect(await db.entitlement.count({ where: { agentId: agent.id } })).toBe(before);
    const webhook = await db.stripeWebhook.findUniqueOrThrow({ where: { agentId: agent.id } });
    expect(webhook.signatureFailures).toBe(failuresBefore + 4);
    expect(webhook.lastFailureAt).not.toBeNull();
  });

  it("answers 404 for an agent that does not verify with Stripe, and for no agent at all", async () => {
    const publisher = await createTestUser();
    const plain = await createTestAgent({ ownerId: publisher.id });
    expect((await deliver(event("checkout.session.completed", checkout()), { handle: plain.handle })).status).toBe(404);
    expect((await deliver(event("checkout.session.completed", checkout()), { handle: "@no-such-agent-here" })).status).toBe(404);
  });

  it("records an unknown link, a wrong amount, a wrong currency or a stranger's reference as a mismatch and grants nothing", async () => {
    const before = await db.entitlement.count({ where: { agentId: agent.id } });
    const cases = [
      [checkout({ payment_link: "plink_unknown" }), "The payment link plink_unknown sells no plan of this agent (name it as a plan's stripe_payment_link)."],
      [checkout({ amount_total: 400 }), "Paid $4, which is not a whole number of pack_100 (Pack of 100 calls · $5)."],
      [checkout({ currency: "eur" }), "Paid in EUR, but pack_100 (Pack of 100 calls · $5) is priced in USD."],
      [checkout({ client_reference_id: "csm_someone_else" }), "The client_reference_id csm_someone_else is not a consumer of this agent on Explore."],
      [checkout({ payment_link: "plink_monthly", amount_total: 1200 }), "monthly is a subscription, but the checkout was a one-time payment."],
    ] as const;
    for (const [session, message] of cases) {
      const sent = await deliver(event("checkout.session.completed", session));
      expect(sent).toMatchObject({ status: 200, body: { outcome: "mismatch", message } });
    }
    expect(await db.entitlement.count({ where: { agentId: agent.id } })).toBe(before);
    expect(await db.stripeEvent.count({ where: { agentId: agent.id, outcome: "mismatch" } })).toBeGreaterThanOrEqual(cases.length);
  });

  it("records an event whose object is not in the expected shape as a mismatch, naming where", async () => {
    const sent = await deliver(
      event("checkout.session.completed", { id: "cs_broken", mode: "payment", payment_status: "paid", amount_total: "five", currency: "usd" }),
    );
    expect(sent).toMatchObject({ status: 200, body: { outcome: "mismatch" } });
    expect(sent.body.message).toContain("data.object.amount_total");
  });

  it("keeps a subscription current in Stripe's order of time, whatever order the events arrive in", async () => {
    const t0 = Math.floor(Date.now() / 1000);
    const sub = `sub_test_${t0}`;
    const periodEnd = (days: number) => t0 + days * 86_400;
    // The first invoice arrives before its checkout: its state is kept and applied when the checkout comes.
    const early = await deliver(
      event("invoice.paid", { id: "in_1", parent: { subscription_details: { subscription: sub } }, lines: { data: [{ period: { end: periodEnd(30) } }] } }, t0),
    );
    expect(early.body.outcome).toBe("ignored");
    const bought = await deliver(
      event(
        "checkout.session.completed",
        checkout({ mode: "subscription", payment_link: "plink_monthly", amount_total: 1200, subscription: sub, payment_intent: null }),
        t0 + 1,
      ),
    );
    expect(bought.body).toMatchObject({ outcome: "granted", message: "Subscribed to monthly ($12 a month)." });
    const [grant] = await db.entitlement.findMany({ where: { subscriptionId: sub } });
    expect(grant).toMatchObject({ status: "active", subscriptionStatus: "active", activeUntil: new Date(periodEnd(30) * 1000) });

    // A renewal, then a cancellation, delivered newest first: the older one must not bring the subscription back.
    const cancelled = await deliver(
      event("customer.subscription.deleted", { id: sub, status: "canceled", items: { data: [{ current_period_end: periodEnd(60) }] } }, t0 + 200),
    );
    expect(cancelled.body.outcome).toBe("applied");
    const stale = await deliver(
      event("customer.subscription.updated", { id: sub, status: "active", items: { data: [{ current_period_end: periodEnd(60) }] } }, t0 + 100),
    );
    expect(stale.body).toMatchObject({ outcome: "ignored" });
    expect(stale.body.message).toMatch(/later event already set/);
    const after = await db.entitlement.findFirstOrThrow({ where: { subscriptionId: sub } });
    expect(after).toMatchObject({ status: "ended", subscriptionStatus: "canceled" });
  });

  it("stops a subscription whose payment failed and starts it again when the invoice is paid", async () => {
    const t0 = Math.floor(Date.now() / 1000);
    const sub = `sub_fail_${t0}`;
    await deliver(
      event(
        "checkout.session.completed",
        checkout({ mode: "subscription", payment_link: "plink_monthly", amount_total: 1200, subscription: sub, payment_intent: null }),
        t0,
      ),
    );
    const failed = await deliver(event("invoice.payment_failed", { id: "in_f", subscription: sub }, t0 + 10));
    expect(failed.body.message).toMatch(/past due/);
    expect(await db.entitlement.findFirstOrThrow({ where: { subscriptionId: sub } })).toMatchObject({ subscriptionStatus: "past_due", status: "active" });
    await deliver(event("invoice.paid", { id: "in_p", subscription: sub, lines: { data: [{ period: { end: t0 + 40 * 86_400 } }] } }, t0 + 20));
    expect(await db.entitlement.findFirstOrThrow({ where: { subscriptionId: sub } })).toMatchObject({
      subscriptionStatus: "active",
      activeUntil: new Date((t0 + 40 * 86_400) * 1000),
    });
  });

  it("revokes the unused calls of a refunded payment: in part for a partial refund, all for a full one", async () => {
    const session = checkout({ payment_intent: "pi_refund_me" });
    await deliver(event("checkout.session.completed", session));
    await db.entitlement.update({ where: { checkoutSessionId: session.id }, data: { callsLeft: 90 } });
    const partial = await deliver(
      event("charge.refunded", { id: "ch_1", payment_intent: "pi_refund_me", amount: 500, amount_refunded: 100, refunded: false, currency: "usd" }),
    );
    expect(partial.body.message).toBe("Refund of pi_refund_me: revoked 20 unused calls.");
    expect(await db.entitlement.findUniqueOrThrow({ where: { checkoutSessionId: session.id } })).toMatchObject({
      callsLeft: 70,
      callsRevoked: 20,
      status: "active",
    });
    const full = await deliver(
      event("charge.refunded", { id: "ch_1", payment_intent: "pi_refund_me", amount: 500, amount_refunded: 500, refunded: true, currency: "usd" }),
    );
    expect(full.body.message).toBe("Refund of pi_refund_me: revoked 70 unused calls.");
    expect(await db.entitlement.findUniqueOrThrow({ where: { checkoutSessionId: session.id } })).toMatchObject({
      callsLeft: 0,
      callsRevoked: 90,
      status: "refunded",
    });
  });

  it("records event types it does not use, and an unpaid checkout, without granting", async () => {
    expect((await deliver(event("customer.created", { id: "cus_1" }))).body).toMatchObject({
      outcome: "ignored",
      message: "Explore does not use customer.created events.",
    });
    expect((await deliver(event("checkout.session.completed", checkout({ payment_status: "unpaid" })))).body.outcome).toBe("ignored");
    expect((await db.stripeWebhook.findUniqueOrThrow({ where: { agentId: agent.id } })).lastEventAt).not.toBeNull();
  });
});
