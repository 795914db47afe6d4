import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { PlanType, StripeEventOutcome } from "@/generated/prisma/enums";
import { db } from "@/lib/foundations/db/client";

// Test-only rows for the money pages: plans, Stripe events and entitlements written directly, as the
// webhook would have written them. They go with their agent and user (cleanUpTestRows).

export async function createTestPlan(
  capabilityRowId: string,
  plan: { planId: string; type: PlanType; priceUsd?: number; position?: number; extra?: Prisma.InputJsonObject },
) {
  await db.plan.create({
    data: {
      capabilityId: capabilityRowId,
      planId: plan.planId,
      position: plan.position ?? 0,
      type: plan.type,
      priceUsd: plan.priceUsd ?? null,
      extra: { type: plan.type, plan_id: plan.planId, ...(plan.priceUsd === undefined ? {} : { price_usd: plan.priceUsd }), ...plan.extra },
    },
  });
}

export async function createTestEvent(agentId: string, event: Partial<Prisma.StripeEventUncheckedCreateInput> & { outcome?: StripeEventOutcome } = {}) {
  return db.stripeEvent.create({
    data: {
      id: `evt_${randomUUID().replace(/-/g, "")}`,
      type: "checkout.session.completed",
      createdAt: new Date("2026-12-01T10:00:00Z"),
      outcome: "granted",
      message: "Granted.",
      ...event,
      agentId,
    },
  });
}

type EntitlementInput = Partial<Omit<Prisma.EntitlementUncheckedCreateInput, "userId" | "agentId" | "eventId">> & { planId: string };

/** An entitlement with the event that granted it. */
export async function createTestEntitlement(userId: string, agentId: string, input: EntitlementInput, event: Parameters<typeof createTestEvent>[1] = {}) {
  const granted = await createTestEvent(agentId, { planId: input.planId, subscriptionId: input.subscriptionId ?? null, ...event });
  const row = await db.entitlement.create({
    data: {
      amountCents: 150,
      currency: "usd",
      checkoutSessionId: `cs_test_${randomUUID()}`,
      ...input,
      userId,
      agentId,
      eventId: granted.id,
    },
  });
  return { entitlement: row, event: granted };
}
