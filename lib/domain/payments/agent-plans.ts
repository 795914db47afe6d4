import "server-only";
import type { PlanType } from "@/generated/prisma/enums";
import { findPlansOfAgents } from "@/lib/model/catalog/payment-plans";
import { planHeadline } from "./plan-words";

// Agents' plans as the money pages word them. A plan_id may be shared by several of an agent's services
// (defaults.plans); the first service's plan, in agent.json order, speaks for it.

export type AgentPlan = {
  agentId: string;
  capabilityId: string;
  serviceName: string;
  planId: string;
  type: PlanType;
  headline: string;
  /** The plan's `stripe_payment_link` field, when it names one. */
  stripePaymentLink: string | null;
};

/** Every plan of these agents' services, in agent.json order. */
export async function findAgentPlans(agentIds: readonly string[]): Promise<AgentPlan[]> {
  const plans = await findPlansOfAgents(agentIds);
  return plans.map(({ service, ...plan }) => {
    const link = plan.extra.stripe_payment_link;
    return {
      agentId: service.agentId,
      capabilityId: service.capabilityId,
      serviceName: service.name,
      planId: plan.planId,
      type: plan.type,
      headline: planHeadline(plan),
      stripePaymentLink: typeof link === "string" && link.trim() !== "" ? link.trim() : null,
    };
  });
}

const key = (agentId: string, planId: string) => `${agentId}\u0000${planId}`;

/** Looks a plan up by agent and plan_id (the first service's plan speaks for a shared plan_id). */
export function planLookup(plans: readonly AgentPlan[]): (agentId: string, planId: string) => AgentPlan | null {
  const byKey = new Map<string, AgentPlan>();
  for (const plan of plans) if (!byKey.has(key(plan.agentId, plan.planId))) byKey.set(key(plan.agentId, plan.planId), plan);
  return (agentId, planId) => byKey.get(key(agentId, planId)) ?? null;
}
