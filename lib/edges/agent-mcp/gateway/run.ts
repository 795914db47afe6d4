import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { AskPerson } from "@/lib/edges/agent-mcp/elicitation";
import type { TokenGrant } from "@/lib/domain/api-tokens/tokens";
import { findListing } from "@/lib/model/catalog/queries";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import { checkDataRules } from "@/lib/domain/data-rules/match";
import { findSavedDataRules } from "@/lib/domain/data-rules/queries";
import { hasAnyRule } from "@/lib/domain/data-rules/rules";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { runCapability, type RunDeps } from "@/lib/domain/runs/run-capability";
import { runPlansFor } from "@/lib/domain/runs/run-plans";
import { staticBlock } from "@/lib/domain/runs/runnable-capability";
import { notRunnableMessage } from "@/lib/domain/runs/run-words";
import type { RunResult } from "@/lib/domain/runs/run-types";
import { choosePlan, mayRunAgent, perCallPrice, SETTINGS_PATH } from "./token-scope";

// A run an agent asks for with its owner's personal API token: the gateway's MCP tools, run_service on /mcp and the
// A2A endpoints all come here. It is the browser's run (runCapability: visibility, plan, daily limit,
// entitlements spent in the run's transaction, one execution record, bounded call, output check) with the token
// standing in for the person's choices: which plan, consent to pay, and which agents. An external action runs only
// when the token allows them and the person behind the agent's client confirms this run (MCP elicitation).

/** An agent acting with a live token: its owner, and what the token allows. */
export type TokenCaller = { viewer: Viewer; grant: TokenGrant };

export type GatewayRunInput = { handle: string; capabilityId: string; arguments: unknown; planId?: string };

export type GatewayRun =
  { ok: true; capability: CatalogCapability; result: Extract<RunResult, { ok: true }> } | { ok: false; message: string; capability: CatalogCapability | null };

const EXTERNAL_ACTION = "is an external action: it acts outside Explore, and each run needs a person's confirmation.";

/**
 * Why this caller may not run this listing through a token at all, in words; null when it may try. `canAsk`: the
 * agent's client can ask its person to confirm (MCP elicitation).
 */
export function tokenBlock(caller: TokenCaller, capability: CatalogCapability, canAsk: boolean): string | null {
  if (!mayRunAgent(caller.grant, capability.agent.handle))
    return `This token may run only the services of ${caller.grant.agentHandles.join(", ")}: its owner chose so on the token page.`;
  const blocked = staticBlock(capability, caller.viewer.id);
  if (blocked) return notRunnableMessage(blocked);
  if (capability.class !== "external_action") return null;
  if (!caller.grant.externalActions)
    return `${capability.name} ${EXTERNAL_ACTION} This token never runs one: its owner can allow them, each confirmed, on the token page (${SETTINGS_PATH}), or run it on its service page.`;
  if (!canAsk)
    return `${capability.name} ${EXTERNAL_ACTION} This client cannot ask its person: use a client that declares MCP elicitation when it connects, or run it on its service page.`;
  return null;
}

/** The question a person confirms before an agent's external action runs. */
function confirmQuestion(viewer: Viewer, capability: CatalogCapability, plan: string, args: unknown): string {
  const shown = JSON.stringify(args) ?? "{}";
  const outside = capability.outsideAction ? ` (${capability.outsideAction})` : "";
  return [
    `Run “${capability.name}” of ${capability.agent.handle} as ${viewer.email ?? "you"}? It acts outside Explore${outside}.`,
    `Plan: ${plan}.`,
    `Arguments: ${shown.length > 600 ? `${shown.slice(0, 600)}…` : shown}`,
  ].join(" ");
}

export type RunWithTokenOptions = {
  deps?: RunDeps;
  /** What the entry itself does not answer (the A2A endpoint's rules), in words, or null. */
  refuse?: (capability: CatalogCapability) => string | null;
  /** How to ask the person behind the agent's client to confirm an external action; null when it cannot. */
  ask?: AskPerson | null;
};

export async function runWithToken(caller: TokenCaller, input: GatewayRunInput, options: RunWithTokenOptions = {}): Promise<GatewayRun> {
  const { viewer, grant } = caller;
  const { deps = {}, refuse, ask = null } = options;
  // The owner's view of the catalog: an 18+ service exists only for an adult who turned 18+ on.
  const capability = await findListing(viewer, input.handle, input.capabilityId);
  if (!capability) return { ok: false, capability: null, message: `${input.handle} has no service ${input.capabilityId} that this token's owner can see.` };
  const blocked = refuse?.(capability) ?? tokenBlock(caller, capability, ask !== null);
  if (blocked) return { ok: false, capability, message: blocked };
  // Nobody reads the service page's rule checks on this path, so a service that breaks the owner's rules is refused.
  const rules = await findSavedDataRules(viewer.id);
  if (hasAnyRule(rules)) {
    const broken = checkDataRules(rules, capability.data).filter((c) => !c.ok);
    if (broken.length > 0)
      return {
        ok: false,
        capability,
        message: `${capability.name} does not meet your data rules: ${broken.map((c) => `${c.rule} (${c.reason})`).join("; ")}.`,
      };
  }
  const now = deps.now?.() ?? new Date();
  const chosen = choosePlan((await runPlansFor(viewer, capability, now)).plans, grant, input.planId);
  if (!chosen.ok) return { ok: false, capability, message: chosen.message };
  if (capability.class === "external_action") {
    // tokenBlock let it through only with a way to ask.
    const answer = ask
      ? await ask(confirmQuestion(viewer, capability, chosen.plan.words, input.arguments))
      : { confirmed: false as const, message: "Not run: nobody could be asked." };
    if (!answer.confirmed) return { ok: false, capability, message: answer.message };
  }
  const limit = await consume("runs", viewer.id);
  if (!limit.ok) return { ok: false, capability, message: limit.message };

  const result = await runCapability(
    viewer,
    {
      handle: input.handle,
      capabilityId: capability.capabilityId,
      arguments: input.arguments,
      dryRun: false,
      planId: chosen.plan.planId ?? "",
      // The owner consented on the token page to the plans the token allows.
      consentToPay: true,
      via: { tokenId: grant.tokenId, spendCapUsd: grant.spendCapUsd, perCallPriceUsd: perCallPrice(capability, chosen.plan) },
    },
    { ...deps, now: () => now },
  );
  if (!result.ok) {
    const fields = result.fieldErrors
      ? Object.entries(result.fieldErrors).map(([field, messages]) => `${field === "" ? "arguments" : field}: ${messages.join(", ")}`)
      : [];
    return { ok: false, capability, message: [result.message, ...fields].join(" ") };
  }
  return { ok: true, capability, result };
}
