import type { TokenGrant } from "@/lib/domain/api-tokens/tokens";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import type { RunPlan } from "@/lib/domain/runs/run-types";

// What a personal API token lets an agent run as its owner: the owner's consent and confirmation, given once on the
// token page (/settings) instead of on each run. A token allows free runs only, unless its owner allowed paid runs:
// then calls already bought (Stripe-verified packs, prepaid calls, subscriptions) and plans billed by the provider,
// whose per-call prices may add up to the token's cap in any 30 days (enforced when the run is recorded:
// lib/domain/runs/run-capability.ts). External actions never run through a token unless its owner allowed them, and then
// each only once a person confirms it in the agent's client (MCP elicitation: lib/edges/agent-mcp/gateway/confirm.ts).

export const SETTINGS_PATH = "/settings#tokens-heading";

/** Whether the token may run services of the agent `handle` ("@name"). */
export function mayRunAgent(grant: TokenGrant, handle: string): boolean {
  return grant.agentHandles.length === 0 || grant.agentHandles.includes(handle);
}

/** Whether a plan may be used with this token (before the spending cap, which is checked as the run is recorded). */
export function planAllowed(grant: TokenGrant, plan: RunPlan): boolean {
  return plan.kind === "free" || grant.paidRuns;
}

/** The token's scope in words, as the token page and refusals say it. */
export function scopeWords(grant: Pick<TokenGrant, "paidRuns" | "spendCapUsd" | "agentHandles" | "externalActions">): string {
  const runs = grant.paidRuns
    ? `Free runs, calls you already bought, and plans billed by the provider up to $${grant.spendCapUsd} of per-call prices in any 30 days.`
    : "Free runs only.";
  const agents = grant.agentHandles.length === 0 ? "Any agent's services." : `Only the services of ${grant.agentHandles.join(", ")}.`;
  const actions = grant.externalActions ? "External actions, each once a person confirms it in the agent's client." : "Never external actions.";
  return `${runs} ${agents} ${actions}`;
}

export type PlanChoice = { ok: true; plan: RunPlan } | { ok: false; message: string };

/**
 * The plan a run through the gateway uses: the one asked for, if the token allows it and it is available; else the
 * first the token allows, in the order a person's default takes them (free quota, then bought calls, then the
 * provider's plans).
 */
export function choosePlan(plans: readonly RunPlan[], grant: TokenGrant, requested: string | undefined): PlanChoice {
  const widen = `its owner can allow paid runs on the token page (${SETTINGS_PATH})`;
  if (requested !== undefined) {
    const plan = plans.find((p) => (p.planId ?? "") === requested);
    if (!plan) return { ok: false, message: `This service has no plan ${requested}: its plans are ${plans.map((p) => p.planId ?? "(free)").join(", ")}.` };
    if (!planAllowed(grant, plan)) return { ok: false, message: `${plan.words} is a paid plan, and this token allows free runs only: ${widen}.` };
    if (!plan.available) return { ok: false, message: `${plan.words}: ${plan.unavailable ?? "it cannot be used now."}${buyWords([plan])}` };
    return { ok: true, plan };
  }
  const order: RunPlan["kind"][] = ["free", "calls", "subscription", "provider"];
  for (const kind of order) {
    const plan = plans.find((p) => p.kind === kind && p.available && planAllowed(grant, p));
    if (plan) return { ok: true, plan };
  }
  const paid = plans.filter((p) => p.kind !== "free");
  const free = plans.find((p) => p.kind === "free");
  const freeWords = free?.unavailable ? `${free.unavailable} ` : "";
  if (paid.length === 0) return { ok: false, message: free?.unavailable ?? "This service offers no plan that can be used now." };
  if (!grant.paidRuns)
    return { ok: false, message: `${freeWords}This service's other plans are paid, and this token allows free runs only: ${widen}.${buyWords(paid)}` };
  return { ok: false, message: `${freeWords}${paid.map((p) => `${p.words}: ${p.unavailable ?? "it cannot be used now."}`).join(" ")}${buyWords(paid)}` };
}

/** Where to buy each plan, with the owner's consumer id in the link. */
function buyWords(plans: readonly RunPlan[]): string {
  const links = plans.filter((p) => p.buyLink !== null).map((p) => `${p.words} at ${p.buyLink}`);
  return links.length === 0 ? "" : ` Buy: ${links.join("; ")}.`;
}

/** The provider-billed per-call price a run under `plan` adds to the token's 30-day spending, or null. */
export function perCallPrice(capability: Pick<CatalogCapability, "plans">, plan: RunPlan): string | null {
  if (plan.kind !== "provider") return null;
  const stated = capability.plans.find((p) => p.planId === plan.planId);
  return stated?.type === "per_call" ? (stated.priceUsd ?? "0") : null;
}
