import type { PlanType } from "@/generated/prisma/enums";

// Which plan a run is made under. Explore has no payment integration yet, so:
// - a free plan, when the capability has one, governs every run (its daily_limit per user per UTC day);
// - no plan at all means free without a stated limit;
// - only paid plans: runnable when the agent gives a payment link (the provider bills through it), and
//   the run is recorded as paid under the first paid plan; without a link it cannot be run.

export type PlanFacts = { planId: string; type: PlanType; dailyLimit: number | null };

export type PlanChoice =
  | { kind: "free"; planId: string | null; dailyLimit: number | null }
  | { kind: "paid"; planId: string; type: PlanType; paymentLink: string }
  | { kind: "paid_without_link" };

export function choosePlan(plans: readonly PlanFacts[], paymentLink: string | null): PlanChoice {
  if (plans.length === 0) return { kind: "free", planId: null, dailyLimit: null };
  const free = plans.find((p) => p.type === "free");
  if (free) return { kind: "free", planId: free.planId, dailyLimit: free.dailyLimit };
  const paid = plans[0];
  if (paid === undefined || !paymentLink) return { kind: "paid_without_link" };
  return { kind: "paid", planId: paid.planId, type: paid.type, paymentLink };
}
