import "server-only";
import { db } from "@/lib/foundations/db/client";
import { PAYMENT_FAILED_SUBSCRIPTION_STATUSES, USABLE_SUBSCRIPTION_STATUSES } from "./subscription-states";

// What a consumer holds of a Stripe-verified agent's plans, as the Run panel and the run action read it.
// Spending happens in the run's own INSERT (lib/domain/runs/run-capability.ts), never here.

export type Holding = {
  planId: string;
  callsLeft: number;
  callsGranted: number;
  /** The latest paid-through time of a usable subscription, or null. */
  activeUntil: Date | null;
  /** A subscription whose last invoice went unpaid (lib/domain/payments/subscription-states.ts). */
  paymentFailed: boolean;
};

export async function isStripeVerified(agentRowId: string): Promise<boolean> {
  return (await db.stripeWebhook.count({ where: { agentId: agentRowId } })) > 0;
}

export async function holdingsOf(userId: string, agentRowId: string, now: Date): Promise<Map<string, Holding>> {
  const rows = await db.$queryRaw<{ planId: string; callsLeft: number; callsGranted: number; activeUntil: Date | null; paymentFailed: boolean }[]>`
    SELECT "planId",
           coalesce(sum("callsLeft") FILTER (WHERE "status" = 'active'), 0)::int AS "callsLeft",
           coalesce(sum("callsGranted") FILTER (WHERE "status" = 'active'), 0)::int AS "callsGranted",
           max("activeUntil") FILTER (WHERE "status" = 'active' AND "subscriptionStatus" = ANY(${[...USABLE_SUBSCRIPTION_STATUSES]}) AND "activeUntil" > ${now}) AS "activeUntil",
           bool_or("status" = 'active' AND "subscriptionStatus" = ANY(${[...PAYMENT_FAILED_SUBSCRIPTION_STATUSES]})) AS "paymentFailed"
    FROM "Entitlement"
    WHERE "userId" = ${userId} AND "agentId" = ${agentRowId}
    GROUP BY "planId"`;
  return new Map(rows.map((r) => [r.planId, { ...r, paymentFailed: r.paymentFailed === true }]));
}
