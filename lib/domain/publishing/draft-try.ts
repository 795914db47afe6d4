import "server-only";
import type { JsonValue } from "@/lib/model/agent-file/types";
import { publisherFetch } from "@/lib/domain/adapters/publisher-fetch";
import { runSampleTest } from "@/lib/domain/sample-tests/run-sample-test";
import { notTestableWords, sampleTestability } from "@/lib/domain/sample-tests/testability";
import { checkDraftText } from "./draft-check";
import { findOwnedDraft } from "./drafts";

// "Try it" in the editor: the capability's example against the draft's adapter, through the sample test's
// call (the same MCP client, guarded fetch, deadline, dry-run argument and output-schema check). The call
// is flagged as a validation call and keeps no execution record: the draft is not a listing, nobody ran
// a service, and the answer goes back to its publisher only, stored nowhere.

export type TryOutcome = { passed: boolean; words: string; latencyMs: number | null; output: JsonValue | null };
export type TryResult = { ok: true; outcome: TryOutcome } | { ok: false; message: string };

export async function tryDraftExample(ownerId: string, draftId: string, capabilityId: string): Promise<TryResult> {
  const draft = await findOwnedDraft(ownerId, draftId);
  if (!draft) return { ok: false, message: "This draft no longer exists; it may have been published or deleted." };
  const { agent } = checkDraftText(draft.text);
  if (!agent) return { ok: false, message: "Fix the draft's errors first: Explore tries only a draft that would import." };
  const capability = agent.capabilities.find((c) => c.capabilityId === capabilityId);
  if (!capability) return { ok: false, message: "The draft has no capability with that ID." };
  if (agent.endpointPending) return { ok: false, message: "The adapter's endpoint is still a placeholder; Explore cannot call it yet." };
  const testable = sampleTestability(capability);
  if (!testable.testable) return { ok: false, message: notTestableWords[testable.reason] };
  const outcome = await runSampleTest({ ...capability, endpoint: agent.endpoint }, { fetch: publisherFetch() });
  const took = outcome.latencyMs === null ? "" : ` in ${outcome.latencyMs} ms`;
  return {
    ok: true,
    outcome: {
      passed: outcome.status === "passed",
      words:
        outcome.status === "passed"
          ? `It worked: the adapter answered${took} and the answer fits the output schema.`
          : `It did not work: ${outcome.failureReason ?? "the call failed"}`,
      latencyMs: outcome.latencyMs,
      output: outcome.output,
    },
  };
}
