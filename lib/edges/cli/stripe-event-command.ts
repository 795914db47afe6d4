import "server-only";
// `explore stripe-event <type> --agent @handle …`: posts one event to an agent's webhook exactly as Stripe
// would, signed with the agent's signing secret by Stripe's own SDK, so the whole paid flow can be tried
// locally (docs/payments.md). It reads the plan's Stripe Payment Link and the consumer's ID from the
// database, and opens the sealed secret with the server's keys (or takes --secret).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import Stripe from "stripe";
import { db } from "@/lib/foundations/db/client";
import { env } from "@/lib/foundations/env";
import { handleFromParam } from "@/lib/model/addresses/paths";
import { findAgentByHandle } from "@/lib/model/catalog/agent-handles";
import { findPlansOfAgents } from "@/lib/model/catalog/payment-plans";
import { openSecret } from "@/lib/foundations/secrets";
import type { CliIo } from "./validate-command";
import { STRIPE_EVENT_USAGE } from "./usage";

const newId = (prefix: string) => `${prefix}_cli_${randomBytes(9).toString("base64url")}`;

type Values = Record<string, string | undefined>;
type Built = { ok: true; object: Record<string, unknown>; note: string } | { ok: false; message: string };

async function consumerOf(agentId: string, who: string): Promise<string | null> {
  if (who.startsWith("csm_")) return who;
  const user = await db.user.findUnique({ where: { email: who.trim().toLowerCase() }, select: { id: true } });
  if (!user) return null;
  return (await db.agentConsumer.findUnique({ where: { agentId_userId: { agentId, userId: user.id } }, select: { consumerId: true } }))?.consumerId ?? null;
}

async function checkout(agentId: string, values: Values): Promise<Built> {
  if (!values.plan || !values.consumer) return { ok: false, message: "checkout.session.completed needs --plan and --consumer" };
  const plan = (await findPlansOfAgents([agentId])).find((p) => p.planId === values.plan);
  if (!plan) return { ok: false, message: `the agent has no plan ${values.plan}` };
  const link = typeof plan.extra.stripe_payment_link === "string" ? plan.extra.stripe_payment_link : null;
  if (!link) return { ok: false, message: `plan ${values.plan} names no stripe_payment_link, so a payment for it cannot be verified` };
  const consumerId = await consumerOf(agentId, values.consumer);
  if (!consumerId) {
    return {
      ok: false,
      message: `no consumer ID of ${values.consumer} for this agent: open one of its services signed in as them first (the Run panel is where the payment link with their client_reference_id is shown)`,
    };
  }
  const amount = values.amount === undefined ? Math.round(Number(plan.priceUsd ?? 0) * 100) : Number(values.amount);
  if (!Number.isInteger(amount) || amount < 0) return { ok: false, message: "--amount must be a whole number of cents" };
  const subscription = plan.type === "subscription" ? newId("sub") : null;
  const paymentIntent = plan.type === "subscription" ? null : newId("pi");
  const object = {
    id: newId("cs"),
    object: "checkout.session",
    mode: plan.type === "subscription" ? "subscription" : "payment",
    payment_status: "paid",
    status: "complete",
    client_reference_id: consumerId,
    payment_link: link,
    amount_total: amount,
    currency: "usd",
    payment_intent: paymentIntent,
    subscription,
  };
  return { ok: true, object, note: subscription ? `subscription ${subscription}` : `payment intent ${paymentIntent}` };
}

function build(type: string, agentId: string, values: Values): Promise<Built> | Built {
  switch (type) {
    case "checkout.session.completed":
      return checkout(agentId, values);
    case "charge.refunded": {
      if (!values["payment-intent"]) return { ok: false, message: "charge.refunded needs --payment-intent" };
      const full = values.amount === undefined;
      return {
        ok: true,
        note: full ? "full refund" : "partial refund",
        object: {
          id: newId("ch"),
          object: "charge",
          payment_intent: values["payment-intent"],
          amount: 0,
          amount_refunded: full ? 0 : Number(values.amount),
          refunded: full,
          currency: "usd",
        },
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const sub = values.subscription;
      if (!sub) return { ok: false, message: `${type} needs --subscription` };
      const end = Math.floor(Date.now() / 1000) + Number(values.days ?? 30) * 86_400;
      return {
        ok: true,
        note: sub,
        object: {
          id: newId("in"),
          object: "invoice",
          parent: { type: "subscription_details", subscription_details: { subscription: sub } },
          lines: { data: [{ period: { end } }] },
        },
      };
    }
    case "customer.subscription.deleted": {
      if (!values.subscription) return { ok: false, message: `${type} needs --subscription` };
      return { ok: true, note: values.subscription, object: { id: values.subscription, object: "subscription", status: "canceled", items: { data: [] } } };
    }
    default:
      return { ok: false, message: `unknown event type ${type}` };
  }
}

/** 0: delivered and answered 200; 1: Explore refused it; 2: usage error. */
export async function runStripeEvent(args: string[], io: CliIo, post: typeof fetch = fetch): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: Object.fromEntries(
        ["agent", "plan", "consumer", "amount", "payment-intent", "subscription", "days", "url", "secret"].map((k) => [k, { type: "string" as const }]),
      ),
    });
  } catch (error) {
    io.stderr(`explore stripe-event: ${error instanceof Error ? error.message : "bad arguments"}\n${STRIPE_EVENT_USAGE}`);
    return 2;
  }
  const [type, ...extra] = parsed.positionals;
  const handle = handleFromParam(parsed.values.agent ?? "");
  if (!type || extra.length > 0 || !handle) {
    io.stderr(`explore stripe-event: give one event type and --agent\n${STRIPE_EVENT_USAGE}`);
    return 2;
  }
  const agentId = (await findAgentByHandle(handle))?.rowId ?? null;
  if (!agentId) {
    io.stderr(`explore stripe-event: no agent ${handle}\n`);
    return 2;
  }
  const webhook = await db.stripeWebhook.findUnique({ where: { agentId }, select: { secretCiphertext: true } });
  const secret = parsed.values.secret ?? (webhook ? openSecret(webhook.secretCiphertext, agentId) : null);
  if (!secret) {
    io.stderr(`explore stripe-event: ${handle} does not verify payments with Stripe (set its signing secret in the dashboard), and no --secret was given\n`);
    return 2;
  }
  const built = await build(type, agentId, parsed.values);
  if (!built.ok) {
    io.stderr(`explore stripe-event: ${built.message}\n${STRIPE_EVENT_USAGE}`);
    return 2;
  }
  const event = {
    id: newId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: built.object },
  };
  const payload = JSON.stringify(event);
  const origin = parsed.values.url ?? `http://127.0.0.1:${env.PORT}`;
  const url = `${origin.replace(/\/$/, "")}/api/webhooks/stripe/${handle.slice(1)}`;
  const response = await post(url, {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  });
  const answer = await response.text();
  io.stdout(`${type} ${event.id} (${built.note}) → ${response.status} ${answer}\n`);
  return response.ok ? 0 : 1;
}
