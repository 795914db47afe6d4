import "server-only";
import Stripe from "stripe";
import type { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import type { Prisma } from "@/generated/prisma/client";
import type { EntitlementStatus, StripeEventOutcome } from "@/generated/prisma/enums";
import { openSecret, SecretError } from "@/lib/foundations/secrets";
import { findAgentByHandle } from "@/lib/model/catalog/agent-handles";
import { findPlansSoldByPaymentLink } from "@/lib/model/catalog/payment-plans";
import { grantOf, provisionalPeriodEnd, type PlanForGrant } from "./grants";
import type { STRIPE_EVENT_TYPES } from "./paths";
import { ENDED_SUBSCRIPTION_STATUSES, isStatusIn } from "./subscription-states";
import { chargeSchema, checkoutSessionSchema, eventSchema, invoiceSchema, subscriptionSchema, type VerifiedEvent } from "./stripe-shapes";

// A Stripe-verified agent's webhook (DESIGN.md "Money"): every event is verified with the publisher's
// signing secret (Stripe's own check, default tolerance of 5 minutes), recorded once per agent by its ID (Stripe
// sends one event to every endpoint of the publisher's account, so agents sharing that account each get it), and turned
// into entitlements in the same transaction. What does not match the plan a payment link sells grants
// nothing and is recorded as a mismatch for the publisher to see. Explore never calls Stripe.

export type WebhookAnswer = { status: 200 | 400 | 404 | 503; body: { received: boolean; outcome?: StripeEventOutcome | "duplicate"; message: string } };

type Tx = Prisma.TransactionClient;
type Recorded = {
  outcome: StripeEventOutcome;
  message: string;
  planId?: string | null;
  amountCents?: number | null;
  currency?: string | null;
  consumerId?: string | null;
  subscription?: SubscriptionState | null;
};
type SubscriptionState = { subscriptionId: string; status: string | null; periodEnd: Date | null };
type Apply = (tx: Tx, agentId: string, event: VerifiedEvent, eventTime: Date) => Promise<{ recorded: Recorded; grant?: (eventId: string) => Promise<void> }>;

const fromSeconds = (s: number) => new Date(s * 1000);

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): { ok: true; value: z.infer<T> } | { ok: false; recorded: Recorded } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const where = parsed.error.issues[0]?.path.join(".") ?? "";
  return { ok: false, recorded: { outcome: "mismatch", message: `The ${what} in this event is not in the shape Explore reads (at data.object.${where}).` } };
}

const checkoutCompleted: Apply = async (tx, agentId, event, eventTime) => {
  const parsed = parse(checkoutSessionSchema, event.data.object, "checkout session");
  if (!parsed.ok) return { recorded: parsed.recorded };
  const session = parsed.value;
  const base = { amountCents: session.amount_total, currency: session.currency, consumerId: session.client_reference_id ?? null };
  if (session.payment_status !== "paid")
    return { recorded: { ...base, outcome: "ignored", message: "The checkout is not paid yet: nothing granted until it is." } };
  if (!session.payment_link)
    return { recorded: { ...base, outcome: "mismatch", message: "The checkout came from no payment link, so Explore cannot tell which plan it bought." } };
  const plans: PlanForGrant[] = await findPlansSoldByPaymentLink(tx, agentId, session.payment_link);
  const plan = plans[0];
  if (!plan)
    return {
      recorded: {
        ...base,
        outcome: "mismatch",
        message: `The payment link ${session.payment_link} sells no plan of this agent (name it as a plan's stripe_payment_link).`,
      },
    };
  if (plans.length > 1)
    return {
      recorded: {
        ...base,
        planId: plan.planId,
        outcome: "mismatch",
        message: `The payment link ${session.payment_link} is named by ${plans.length} plans (${plans.map((p) => p.planId).join(", ")}): give each plan its own link.`,
      },
    };
  const withPlan = { ...base, planId: plan.planId };
  if (!session.client_reference_id)
    return {
      recorded: {
        ...withPlan,
        outcome: "mismatch",
        message: "The checkout has no client_reference_id, so Explore cannot tell who paid (open the link from Explore).",
      },
    };
  const consumer = await tx.agentConsumer.findFirst({ where: { consumerId: session.client_reference_id, agentId }, select: { userId: true } });
  if (!consumer)
    return {
      recorded: {
        ...withPlan,
        outcome: "mismatch",
        message: `The client_reference_id ${session.client_reference_id} is not a consumer of this agent on Explore.`,
      },
    };
  if (session.amount_total === null || session.currency === null)
    return { recorded: { ...withPlan, outcome: "mismatch", message: "The checkout states no amount or currency." } };
  const grant = grantOf(plan, { amountCents: session.amount_total, currency: session.currency, mode: session.mode });
  if (!grant.ok) return { recorded: { ...withPlan, outcome: "mismatch", message: grant.message } };
  const already = await tx.entitlement.findUnique({ where: { checkoutSessionId: session.id }, select: { eventId: true } });
  if (already) return { recorded: { ...withPlan, outcome: "ignored", message: `This checkout was already granted by event ${already.eventId}.` } };

  const subscriptionId = session.subscription ?? null;
  if (grant.kind === "subscription" && subscriptionId === null) {
    return { recorded: { ...withPlan, outcome: "mismatch", message: "The subscription checkout names no subscription." } };
  }
  // A subscription's state may have arrived before its checkout (Stripe does not order events): start from it.
  const known = subscriptionId
    ? await tx.stripeEvent.findFirst({
        where: { agentId, subscriptionId, subscriptionStatus: { not: null } },
        orderBy: [{ createdAt: "desc" }, { receivedAt: "desc" }],
        select: { subscriptionStatus: true, periodEnd: true, createdAt: true },
      })
    : null;
  const recorded: Recorded = { ...withPlan, outcome: "granted", message: `${grant.words}.` };
  return {
    recorded,
    grant: async (eventId) => {
      const subscription =
        grant.kind === "subscription"
          ? {
              subscriptionId,
              subscriptionStatus: known?.subscriptionStatus ?? "active",
              activeUntil: known?.periodEnd ?? provisionalPeriodEnd(plan, eventTime),
              stateAt: known?.createdAt ?? eventTime,
              status: subscriptionEntitlementStatus(known?.subscriptionStatus ?? "active"),
            }
          : {};
      await tx.entitlement.create({
        data: {
          userId: consumer.userId,
          agentId,
          planId: plan.planId,
          callsGranted: grant.kind === "calls" ? grant.calls : null,
          callsLeft: grant.kind === "calls" ? grant.calls : null,
          amountCents: session.amount_total ?? 0,
          currency: (session.currency ?? "usd").toLowerCase(),
          checkoutSessionId: session.id,
          paymentIntentId: session.payment_intent ?? null,
          eventId,
          ...subscription,
        },
      });
    },
  };
};

function subscriptionEntitlementStatus(status: string): EntitlementStatus {
  return isStatusIn(ENDED_SUBSCRIPTION_STATUSES, status) ? "ended" : "active";
}

/** Applies a subscription's new state to its grants, unless a later event already set a newer one. */
async function applySubscriptionState(tx: Tx, agentId: string, state: SubscriptionState, eventTime: Date, words: string): Promise<Recorded> {
  const grants = await tx.entitlement.findMany({
    where: { agentId, subscriptionId: state.subscriptionId },
    select: { id: true, stateAt: true, subscriptionStatus: true, activeUntil: true },
  });
  const base = { subscription: state };
  if (grants.length === 0)
    return { ...base, outcome: "ignored", message: `${words}; its checkout has not arrived yet, and this state will apply when it does.` };
  const current = grants.filter((g) => g.stateAt === null || g.stateAt <= eventTime);
  if (current.length === 0)
    return { ...base, outcome: "ignored", message: `${words}, but a later event already set this subscription's state: kept the later one.` };
  for (const g of current) {
    const status = state.status ?? g.subscriptionStatus ?? "active";
    await tx.entitlement.update({
      where: { id: g.id },
      data: { subscriptionStatus: status, activeUntil: state.periodEnd ?? g.activeUntil, stateAt: eventTime, status: subscriptionEntitlementStatus(status) },
    });
  }
  return { ...base, outcome: "applied", message: `${words}.` };
}

const subscriptionChanged: Apply = async (tx, agentId, event, eventTime) => {
  const parsed = parse(subscriptionSchema, event.data.object, "subscription");
  if (!parsed.ok) return { recorded: parsed.recorded };
  const s = parsed.value;
  const status = event.type === "customer.subscription.deleted" ? "canceled" : s.status;
  const state = { subscriptionId: s.id, status, periodEnd: s.periodEnd === null ? null : fromSeconds(s.periodEnd) };
  const until = state.periodEnd ? `, paid through ${state.periodEnd.toISOString().slice(0, 10)}` : "";
  return { recorded: await applySubscriptionState(tx, agentId, state, eventTime, `Subscription ${s.id} is ${status}${until}`) };
};

const invoiceSettled: Apply = async (tx, agentId, event, eventTime) => {
  const parsed = parse(invoiceSchema, event.data.object, "invoice");
  if (!parsed.ok) return { recorded: parsed.recorded };
  const invoice = parsed.value;
  if (!invoice.subscriptionId) return { recorded: { outcome: "ignored", message: "An invoice of no subscription: nothing to do." } };
  const paid = event.type === "invoice.paid";
  const state = {
    subscriptionId: invoice.subscriptionId,
    status: paid ? "active" : "past_due",
    periodEnd: paid && invoice.periodEnd !== null ? fromSeconds(invoice.periodEnd) : null,
  };
  const words = paid
    ? `Invoice ${invoice.id} paid: subscription ${invoice.subscriptionId} is active${state.periodEnd ? ` through ${state.periodEnd.toISOString().slice(0, 10)}` : ""}`
    : `Invoice ${invoice.id} failed: subscription ${invoice.subscriptionId} is past due and its runs stop until it is paid`;
  return { recorded: await applySubscriptionState(tx, agentId, state, eventTime, words) };
};

const chargeRefunded: Apply = async (tx, agentId, event) => {
  const parsed = parse(chargeSchema, event.data.object, "charge");
  if (!parsed.ok) return { recorded: parsed.recorded };
  const charge = parsed.value;
  const base = { amountCents: -charge.amount_refunded, currency: charge.currency.toLowerCase() };
  if (!charge.payment_intent)
    return { recorded: { ...base, outcome: "ignored", message: "A refund of a charge without a payment intent: no grant to revoke." } };
  const grants = await tx.entitlement.findMany({ where: { agentId, paymentIntentId: charge.payment_intent, callsGranted: { not: null } } });
  if (grants.length === 0) return { recorded: { ...base, outcome: "ignored", message: `A refund of ${charge.payment_intent}, which granted no calls here.` } };
  let revokedNow = 0;
  for (const g of grants) {
    const granted = g.callsGranted ?? 0;
    // Calls worth the refunded amount are revoked, as far as they are unused; a full refund revokes every unused one.
    const worth = charge.refunded ? granted : Math.min(granted, Math.ceil((charge.amount_refunded * granted) / Math.max(1, g.amountCents)));
    const revoke = Math.min(g.callsLeft ?? 0, Math.max(0, worth - g.callsRevoked));
    revokedNow += revoke;
    await tx.entitlement.update({
      where: { id: g.id },
      data: { callsLeft: { decrement: revoke }, callsRevoked: { increment: revoke }, status: charge.refunded ? "refunded" : g.status },
    });
  }
  const first = grants[0];
  return {
    recorded: {
      ...base,
      planId: first?.planId ?? null,
      outcome: "applied",
      message: `Refund of ${charge.payment_intent}: revoked ${revokedNow} unused call${revokedNow === 1 ? "" : "s"}.`,
    },
  };
};

// Every event type the publisher is told to select (paths.ts) has a handler; the compiler holds them together.
const HANDLERS: Record<string, Apply> = {
  "checkout.session.completed": checkoutCompleted,
  "checkout.session.async_payment_succeeded": checkoutCompleted,
  "customer.subscription.created": subscriptionChanged,
  "customer.subscription.updated": subscriptionChanged,
  "customer.subscription.deleted": subscriptionChanged,
  "invoice.paid": invoiceSettled,
  "invoice.payment_failed": invoiceSettled,
  "charge.refunded": chargeRefunded,
} satisfies Record<(typeof STRIPE_EVENT_TYPES)[number], Apply> & Record<string, Apply>;

function verify(rawBody: string, signature: string | null, secret: string, now: Date): { ok: true; event: VerifiedEvent } | { ok: false; message: string } {
  if (!signature) return { ok: false, message: "The request has no Stripe-Signature header." };
  let verified: unknown;
  try {
    verified = Stripe.webhooks.constructEvent(rawBody, signature, secret, undefined, undefined, now.getTime());
  } catch (error) {
    const detail = error instanceof Error ? error.message.split("\n")[0] : "";
    return { ok: false, message: `The Stripe signature does not verify with this agent's signing secret${detail ? ` (${detail})` : ""}.` };
  }
  const parsed = eventSchema.safeParse(verified);
  return parsed.success ? { ok: true, event: parsed.data } : { ok: false, message: "The signed body is not a Stripe event." };
}

/** Verifies, records once and applies one webhook delivery for the agent of `handle`. */
export async function receiveStripeEvent(handle: string | null, rawBody: string, signature: string | null, now = new Date()): Promise<WebhookAnswer> {
  const agentId = handle ? ((await findAgentByHandle(handle))?.rowId ?? null) : null;
  const webhook = agentId ? await db.stripeWebhook.findUnique({ where: { agentId }, select: { agentId: true, secretCiphertext: true } }) : null;
  if (!webhook) return { status: 404, body: { received: false, message: `No agent ${handle ?? ""} verifies payments with Stripe here.`.replace("  ", " ") } };
  let secret: string;
  try {
    secret = openSecret(webhook.secretCiphertext, webhook.agentId);
  } catch (error) {
    if (!(error instanceof SecretError)) throw error;
    // The operator's keys, not the sender, are at fault: Stripe retries for days, so nothing is lost.
    return { status: 503, body: { received: false, message: "Explore cannot open this agent's signing secret right now; Stripe will retry." } };
  }
  const verified = verify(rawBody, signature, secret, now);
  if (!verified.ok) {
    await db.stripeWebhook.update({ where: { agentId: webhook.agentId }, data: { signatureFailures: { increment: 1 }, lastFailureAt: now } });
    return { status: 400, body: { received: false, message: verified.message } };
  }
  const event = verified.event;
  const eventTime = fromSeconds(event.created);
  return db.$transaction(async (tx): Promise<WebhookAnswer> => {
    // Taken first, so two deliveries of one event cannot both apply it.
    const fresh = await tx.$executeRaw`
      INSERT INTO "StripeEvent" ("id", "agentId", "type", "createdAt", "receivedAt", "outcome", "message")
      VALUES (${event.id}, ${webhook.agentId}, ${event.type}, ${eventTime}, ${now}, 'ignored'::"StripeEventOutcome", '')
      ON CONFLICT ("agentId", "id") DO NOTHING`;
    if (fresh === 0)
      return { status: 200, body: { received: true, outcome: "duplicate", message: `Event ${event.id} was already recorded: nothing changed.` } };
    const handler = HANDLERS[event.type];
    const { recorded, grant } = handler
      ? await handler(tx, webhook.agentId, event, eventTime)
      : { recorded: { outcome: "ignored" as const, message: `Explore does not use ${event.type} events.` }, grant: undefined };
    await tx.stripeEvent.update({
      where: { agentId_id: { agentId: webhook.agentId, id: event.id } },
      data: {
        outcome: recorded.outcome,
        message: recorded.message.slice(0, 500),
        planId: recorded.planId ?? null,
        amountCents: recorded.amountCents ?? null,
        currency: recorded.currency?.toLowerCase() ?? null,
        consumerId: recorded.consumerId ?? null,
        subscriptionId: recorded.subscription?.subscriptionId ?? null,
        subscriptionStatus: recorded.subscription?.status ?? null,
        periodEnd: recorded.subscription?.periodEnd ?? null,
      },
    });
    await grant?.(event.id);
    await tx.stripeWebhook.update({ where: { agentId: webhook.agentId }, data: { lastEventAt: now } });
    return { status: 200, body: { received: true, outcome: recorded.outcome, message: recorded.message } };
  });
}
