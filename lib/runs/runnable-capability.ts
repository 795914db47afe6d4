import "server-only";
import type { Viewer } from "@/lib/accounts/viewer";
import { isSuspended, type CatalogCapability } from "@/lib/catalog/read-model";
import { planHeadline } from "@/lib/payments/plan-words";
import { choosePlan, type PlanChoice } from "./plan-choice";
import { runsToday, utcDayBounds } from "./daily-limit";
import type { NotRunnable } from "./run-types";

// Whether this viewer may run a listing now. The Run panel and the run action both come through here, and
// both read the listing from the catalog through THE visibility rule.

/** The plan a run is made under (lib/runs/plan-choice.ts). */
export function planOf(capability: Pick<CatalogCapability, "plans" | "agent">): PlanChoice {
  return choosePlan(capability.plans, capability.agent.payment?.link ?? null);
}

/** What the paid plan a run would use costs, in words ("$0.02 a call"), or null for a free run. */
export function paidRunPrice(capability: Pick<CatalogCapability, "plans" | "agent">): string | null {
  const plan = planOf(capability);
  if (plan.kind !== "paid") return null;
  const stated = capability.plans.find((p) => p.planId === plan.planId);
  return stated ? planHeadline(stated) : plan.planId;
}

/** The checks that do not depend on today's count: suspended, published, offered, endpoint known, plan. */
export function staticBlock(capability: CatalogCapability, viewerId: string | null): NotRunnable | null {
  if (isSuspended(capability)) return { reason: "suspended" };
  // Administrators may see an unpublished listing to judge reports; only its publisher runs it.
  if (capability.agent.status === "unpublished" && capability.agent.ownerId !== viewerId) return { reason: "unpublished" };
  if (!capability.offered || !capability.listed) return { reason: "not_offered" };
  if (capability.agent.endpointPending) return { reason: "endpoint_pending" };
  if (planOf(capability).kind === "paid_without_link") return { reason: "paid_without_link" };
  return null;
}

export type Allowance = { limit: number; used: number; resetsAt: string } | null;

/** The free daily allowance left today, or null when the plan states no limit (or is paid). */
export async function dailyAllowance(viewer: Viewer, capability: CatalogCapability, now = new Date()): Promise<Allowance> {
  const plan = planOf(capability);
  if (plan.kind !== "free" || plan.dailyLimit === null) return null;
  const used = await runsToday(viewer.id, capability.rowId, now);
  return { limit: plan.dailyLimit, used, resetsAt: utcDayBounds(now).resetsAt.toISOString() };
}
