import "server-only";
import { cache } from "react";
import type { PlanType, StripeEventOutcome } from "@/generated/prisma/enums";
import { db } from "@/lib/foundations/db/client";
import { findOwnedAgentServices } from "@/lib/model/catalog/owned-agents";
import { findAgentPlans, planLookup } from "./agent-plans";

// The publisher's payments page: whether an agent is Stripe-verified, its webhook's health, its plans'
// Payment Links, the latest events and what its grants brought. Ownership is the where; the sealed secret
// is never selected.

export type WebhookHealth = {
  /** When the current signing secret was set. */
  secretSetAt: Date;
  lastEventAt: Date | null;
  /** Since the current secret was set. */
  signatureFailures: number;
  lastFailureAt: Date | null;
};

export type ServicePlans = {
  capabilityId: string;
  name: string;
  plans: { planId: string; type: PlanType; headline: string; stripePaymentLink: string | null }[];
};

export type PaymentEvent = {
  id: string;
  type: string;
  /** Stripe's time for the event, and when Explore received it. */
  createdAt: Date;
  receivedAt: Date;
  outcome: StripeEventOutcome;
  message: string;
  planId: string | null;
  planWords: string | null;
};

/** What one plan's grants brought in one currency. */
export type RevenueLine = {
  planId: string;
  /** Null when no service states this plan any more. */
  planWords: string | null;
  planType: PlanType | null;
  currency: string;
  /** Grants not refunded (active, used up or ended) and what they were paid. */
  paidGrants: number;
  paidCents: number;
  refundedGrants: number;
  refundedCents: number;
  /** Grants that can pay for a run now, and their unspent calls. */
  activeGrants: number;
  callsLeft: number;
};

export type AgentPayments = {
  handle: string;
  displayName: string;
  /** Null: provider-enforced. */
  webhook: WebhookHealth | null;
  services: ServicePlans[];
  /** The latest 50, newest first. */
  events: PaymentEvent[];
  /** Every mismatch the agent has had, not only among the latest. */
  mismatches: number;
  revenue: RevenueLine[];
};

export const LATEST_EVENTS = 50;

const lineKey = (planId: string, currency: string) => `${planId}\u0000${currency}`;

async function revenueOf(agentId: string, now: Date) {
  const [byStatus, live] = await Promise.all([
    db.entitlement.groupBy({
      by: ["planId", "currency", "status"],
      where: { agentId },
      _sum: { amountCents: true },
      _count: { _all: true },
      orderBy: [{ planId: "asc" }, { currency: "asc" }],
    }),
    // "Active" as lib/domain/payments/entitlement-words.ts decides it: calls left, or a period not yet over.
    db.entitlement.groupBy({
      by: ["planId", "currency"],
      where: {
        agentId,
        status: "active",
        AND: [{ OR: [{ callsGranted: null }, { callsLeft: { gt: 0 } }] }, { OR: [{ activeUntil: null }, { activeUntil: { gt: now } }] }],
      },
      _sum: { callsLeft: true },
      _count: { _all: true },
      orderBy: [{ planId: "asc" }, { currency: "asc" }],
    }),
  ]);
  const lines = new Map<string, Omit<RevenueLine, "planWords" | "planType">>();
  const lineOf = (planId: string, currency: string) => {
    const k = lineKey(planId, currency);
    let line = lines.get(k);
    if (!line) {
      line = { planId, currency, paidGrants: 0, paidCents: 0, refundedGrants: 0, refundedCents: 0, activeGrants: 0, callsLeft: 0 };
      lines.set(k, line);
    }
    return line;
  };
  for (const group of byStatus) {
    const line = lineOf(group.planId, group.currency);
    const cents = group._sum.amountCents ?? 0;
    if (group.status === "refunded") {
      line.refundedGrants += group._count._all;
      line.refundedCents += cents;
    } else {
      line.paidGrants += group._count._all;
      line.paidCents += cents;
    }
  }
  for (const group of live) {
    const line = lineOf(group.planId, group.currency);
    line.activeGrants = group._count._all;
    line.callsLeft = group._sum.callsLeft ?? 0;
  }
  return [...lines.values()];
}

/** One of the viewer's agents with its payments, or null when it is not theirs. */
export const findAgentPayments = cache(async (viewerId: string, handle: string, now: Date = new Date()): Promise<AgentPayments | null> => {
  const agent = await findOwnedAgentServices(viewerId, handle);
  if (!agent) return null;
  const [webhook, plans, events, mismatches, revenue] = await Promise.all([
    db.stripeWebhook.findUnique({
      where: { agentId: agent.rowId },
      select: { createdAt: true, lastEventAt: true, signatureFailures: true, lastFailureAt: true },
    }),
    findAgentPlans([agent.rowId]),
    db.stripeEvent.findMany({
      where: { agentId: agent.rowId },
      select: { id: true, type: true, createdAt: true, receivedAt: true, outcome: true, message: true, planId: true },
      orderBy: [{ receivedAt: "desc" }, { createdAt: "desc" }, { id: "asc" }],
      take: LATEST_EVENTS,
    }),
    db.stripeEvent.count({ where: { agentId: agent.rowId, outcome: "mismatch" } }),
    revenueOf(agent.rowId, now),
  ]);
  const planOf = planLookup(plans);
  return {
    handle: agent.handle,
    displayName: agent.displayName,
    webhook: webhook
      ? { secretSetAt: webhook.createdAt, lastEventAt: webhook.lastEventAt, signatureFailures: webhook.signatureFailures, lastFailureAt: webhook.lastFailureAt }
      : null,
    services: agent.services.map((c) => ({
      capabilityId: c.capabilityId,
      name: c.name,
      plans: plans
        .filter((p) => p.capabilityId === c.capabilityId)
        .map(({ planId, type, headline, stripePaymentLink }) => ({ planId, type, headline, stripePaymentLink })),
    })),
    events: events.map((e) => ({ ...e, planWords: e.planId === null ? null : (planOf(agent.rowId, e.planId)?.headline ?? null) })),
    mismatches,
    revenue: revenue.map((line) => {
      const plan = planOf(agent.rowId, line.planId);
      return { ...line, planWords: plan?.headline ?? null, planType: plan?.type ?? null };
    }),
  };
});
