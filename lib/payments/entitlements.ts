import "server-only";
import { db } from "@/lib/db";

// What a consumer holds of a Stripe-verified agent's plans, as the Run panel and the run action read it.
// Spending happens in the run's own INSERT (lib/runs/run-capability.ts), never here.

/** Subscription states under which its runs are allowed (Stripe's own names). */
export const USABLE_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;

export type Holding = {
  planId: string;
  callsLeft: number;
  callsGranted: number;
  /** The latest paid-through time of a usable subscription, or null. */
  activeUntil: Date | null;
  /** A subscription whose last payment failed (Stripe's past_due or unpaid). */
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
           bool_or("status" = 'active' AND "subscriptionStatus" IN ('past_due', 'unpaid')) AS "paymentFailed"
    FROM "Entitlement"
    WHERE "userId" = ${userId} AND "agentId" = ${agentRowId}
    GROUP BY "planId"`;
  return new Map(rows.map((r) => [r.planId, { ...r, paymentFailed: r.paymentFailed === true }]));
}
