import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { CatalogCapability, CatalogPlan } from "@/lib/model/catalog/read-model";
import { consumerIdOf } from "@/lib/domain/payments/consumers";
import { dateWords } from "@/lib/foundations/words/dates";
import { holdingsOf, isStripeVerified, type Holding } from "@/lib/domain/payments/entitlements";
import { paymentLinkFor } from "@/lib/domain/payments/payment-required";
import { planHeadline } from "@/lib/domain/payments/plan-words";
import { runsToday, utcDayBounds } from "./daily-limit";
import type { NotRunnable, RunPlan } from "./run-types";

// Which plans a run may be made under, for this person now (DESIGN.md "Money"). The Run panel shows them and
// the run action re-derives them, so what is posted is checked against the same facts.
// - A free plan runs within its daily limit; a service without plans is free without a limit.
// - A paid plan of a provider-enforced agent runs with the person's consent; the provider bills it (and its
//   adapter may answer "payment required").
// - A paid plan of a Stripe-verified agent runs only on an entitlement: a call of a pack or of prepaid
//   per-call calls (spent with the run), or an active subscription.
// The free quota comes first by default; the person may choose another available plan.

const callWords = (n: number) => `${n.toLocaleString("en-US")} call${n === 1 ? "" : "s"}`;

/** Where a paid plan is bought: the plan's own Stripe Payment Link URL, else the agent's payment link. */
function buyUrl(plan: CatalogPlan, agentLink: string | null): string | null {
  const own = plan.extra.stripe_payment_url;
  if (typeof own === "string" && /^https:\/\//.test(own) && URL.canParse(own)) return own;
  return agentLink;
}

function paidOption(plan: CatalogPlan, stripe: boolean, holding: Holding | undefined, buyLink: string | null): RunPlan {
  const words = planHeadline(plan);
  const base = { planId: plan.planId, words, allowance: null, buyLink };
  if (!stripe) {
    const consent =
      plan.type === "per_call"
        ? `This run costs ${words.replace(/ a call$/, "")}, billed by the provider.`
        : plan.type === "pack"
          ? `This run uses one call of a pack bought at the provider (${words}).`
          : `This run is billed by the provider under its subscription (${words}).`;
    return buyLink
      ? { ...base, kind: "provider", available: true, unavailable: null, consent, callsLeft: null, activeUntil: null }
      : {
          ...base,
          kind: "provider",
          available: false,
          unavailable: "The provider has not given a payment link, so this plan cannot be used.",
          consent,
          callsLeft: null,
          activeUntil: null,
        };
  }
  if (plan.type === "subscription") {
    const until = holding?.activeUntil ?? null;
    if (until) {
      return {
        ...base,
        kind: "subscription",
        available: true,
        unavailable: null,
        consent: `This run is included in your subscription (${words}), paid through ${dateWords(until)}.`,
        callsLeft: null,
        activeUntil: until.toISOString(),
      };
    }
    const unavailable = holding?.paymentFailed
      ? "Your subscription's last payment failed: runs resume when the provider's invoice is paid."
      : "Subscribe at the provider to run under this plan; Explore sees the payment within seconds.";
    return { ...base, kind: "subscription", available: false, unavailable, consent: null, callsLeft: null, activeUntil: null };
  }
  const left = holding?.callsLeft ?? 0;
  const what = plan.type === "pack" ? "pack calls" : "prepaid calls";
  if (left > 0) {
    return {
      ...base,
      kind: "calls",
      available: true,
      unavailable: null,
      consent: `This run uses 1 of your ${left.toLocaleString("en-US")} ${what}.`,
      callsLeft: left,
      activeUntil: null,
    };
  }
  const unavailable =
    holding && holding.callsGranted > 0
      ? `None of the ${callWords(holding.callsGranted)} you bought are left: buy more at the provider.`
      : "Buy calls at the provider to run under this plan; Explore sees the payment within seconds.";
  return { ...base, kind: "calls", available: false, unavailable, consent: null, callsLeft: 0, activeUntil: null };
}

export type RunPlans = { plans: RunPlan[]; stripeVerified: boolean };

export async function runPlansFor(viewer: Viewer, capability: CatalogCapability, now = new Date()): Promise<RunPlans> {
  if (capability.plans.length === 0) {
    return {
      plans: [
        {
          planId: null,
          kind: "free",
          words: "Free",
          available: true,
          unavailable: null,
          consent: null,
          allowance: null,
          callsLeft: null,
          activeUntil: null,
          buyLink: null,
        },
      ],
      stripeVerified: false,
    };
  }
  const paid = capability.plans.filter((p) => p.type !== "free");
  const stripeVerified = paid.length > 0 && (await isStripeVerified(capability.agent.rowId));
  const [holdings, consumerId, used] = await Promise.all([
    stripeVerified ? holdingsOf(viewer.id, capability.agent.rowId, now) : Promise.resolve(new Map<string, Holding>()),
    paid.length > 0 ? consumerIdOf(viewer.id, capability.agent) : Promise.resolve(null),
    capability.plans.some((p) => p.type === "free" && p.dailyLimit !== null) ? runsToday(viewer.id, capability.rowId, now) : Promise.resolve(0),
  ]);
  const agentLink = capability.agent.payment?.link ?? null;
  const plans = capability.plans.map((plan): RunPlan => {
    if (plan.type === "free") {
      const limit = plan.dailyLimit;
      const allowance = limit === null ? null : { limit, used, resetsAt: utcDayBounds(now).resetsAt.toISOString() };
      const available = allowance === null || allowance.used < allowance.limit;
      return {
        planId: plan.planId,
        kind: "free",
        words: planHeadline(plan),
        available,
        unavailable: available || limit === null ? null : `You have used today's ${limit} free run${limit === 1 ? "" : "s"}; they come back at midnight UTC.`,
        consent: null,
        allowance,
        callsLeft: null,
        activeUntil: null,
        buyLink: null,
      };
    }
    const link = buyUrl(plan, agentLink);
    return paidOption(plan, stripeVerified, holdings.get(plan.planId), link && consumerId ? paymentLinkFor(link, consumerId) : null);
  });
  return { plans, stripeVerified };
}

/** The plan a run uses when the person chooses none: the free quota first, then the first available paid plan. */
export function defaultPlan(plans: readonly RunPlan[]): RunPlan | null {
  return plans.find((p) => p.kind === "free" && p.available) ?? plans.find((p) => p.available) ?? null;
}

/** Why nothing can be run now, when no plan is available. */
export function noPlanReason(plans: readonly RunPlan[]): NotRunnable {
  const free = plans.find((p) => p.kind === "free" && p.allowance !== null);
  const paid = plans.filter((p) => p.kind !== "free");
  if (paid.length > 0 && paid.every((p) => p.kind === "provider")) return { reason: "paid_without_link" };
  if (paid.length > 0) return { reason: "needs_purchase", free: free?.allowance ? { limit: free.allowance.limit, resetsAt: free.allowance.resetsAt } : null };
  const allowance = free?.allowance;
  return allowance ? { reason: "daily_limit", limit: allowance.limit, resetsAt: allowance.resetsAt } : { reason: "not_offered" };
}
