import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { callTool } from "@/lib/domain/adapters/mcp-call";
import { callDeadlineMs, publisherFetch } from "@/lib/domain/adapters/publisher-fetch";
import { answerOf } from "./answer";
import { durationText } from "./run-words";
import { consumerIdFor } from "@/lib/domain/payments/consumer-id";
import { metaFor } from "./run-capability";
import { findOwnedExecution, type OwnedExecution } from "./owned-execution";
import type { HookResult } from "./run-types";

// "Check outcome" and "Cancel": the capability's outcome_lookup and cancellation hooks, tools on the same
// adapter, called with the execution ID. Only the execution's owner may call them; they work even if the
// listing has since been unlisted, because a person must always be able to stop or check their own action.

const HOOK_DEADLINE_MS = 30_000;
const NOT_YOURS = "There is no such run of yours.";

type Deps = { fetch?: typeof fetch };

async function callHook(viewer: Viewer, execution: OwnedExecution, tool: string, deps: Deps) {
  const capability = execution.capability;
  return callTool({
    endpoint: capability.agent.endpoint,
    tool,
    arguments: { execution_id: execution.id },
    meta: metaFor(execution.id, capability, consumerIdFor(viewer.id, capability.agent.handle)),
    deadlineMs: Math.min(HOOK_DEADLINE_MS, callDeadlineMs(capability.maxDurationSeconds)),
    fetch: deps.fetch ?? publisherFetch(),
  });
}

export async function checkOutcome(viewer: Viewer, executionId: string, deps: Deps = {}): Promise<HookResult> {
  const execution = await findOwnedExecution(viewer, executionId);
  if (!execution) return { ok: false, message: NOT_YOURS };
  const hook = execution.capability.effects?.outcomeLookup;
  if (!hook) return { ok: false, message: "This service has no way to look up an outcome." };
  if (execution.capability.agent.endpointPending) return { ok: false, message: "The service's adapter endpoint is not announced, so it cannot be asked." };
  const outcome = await callHook(viewer, execution, hook, deps);
  if (outcome.status === "succeeded") {
    return { ok: true, status: execution.status, message: `The provider answered in ${durationText(outcome.durationMs)}:`, answer: answerOf(outcome, null) };
  }
  if (outcome.status === "tool_error") return { ok: false, message: `The outcome lookup failed: ${outcome.message}` };
  return { ok: false, message: `The outcome lookup failed: ${outcome.message} The outcome is still unknown.` };
}

function saysNotCancelled(structured: unknown): boolean {
  return typeof structured === "object" && structured !== null && "cancelled" in structured && structured.cancelled === false;
}

export async function cancelExecution(viewer: Viewer, executionId: string, deps: Deps = {}): Promise<HookResult> {
  const execution = await findOwnedExecution(viewer, executionId);
  if (!execution) return { ok: false, message: NOT_YOURS };
  const hook = execution.capability.cancellation;
  if (!hook) return { ok: false, message: "This service cannot be cancelled." };
  if (execution.dryRun) return { ok: false, message: "A dry run did nothing, so there is nothing to cancel." };
  if (execution.status === "cancelled") return { ok: false, message: "This run is already cancelled." };
  const outcome = await callHook(viewer, execution, hook, deps);
  if (outcome.status === "tool_error") return { ok: false, message: `The provider could not cancel it: ${outcome.message}` };
  if (outcome.status !== "succeeded") return { ok: false, message: `The cancellation did not get through: ${outcome.message}` };
  if (saysNotCancelled(outcome.structuredContent)) {
    return {
      ok: true,
      status: execution.status,
      message: "The provider says it could not be cancelled (it may already have taken effect):",
      answer: answerOf(outcome, null),
    };
  }
  await db.execution.updateMany({
    where: { id: execution.id, userId: viewer.id, status: { in: ["running", "succeeded", "outcome_unknown"] } },
    data: { status: "cancelled", message: "Cancelled at your request through the provider's cancellation hook.", finishedAt: new Date() },
  });
  return { ok: true, status: "cancelled", message: "Cancelled: the provider confirmed the cancellation.", answer: answerOf(outcome, null) };
}
