import type { Effects, OutsideAction } from "@/lib/model/agent-file/types";
import { outsideActionLabels } from "@/lib/model/agent-file/labels";

/** What an external action does outside the network, and how its effects are handled, in words. */
export function ExternalAction({
  outsideAction,
  effects,
  cancellation,
}: {
  outsideAction: OutsideAction | null;
  effects: Effects | null;
  cancellation: string | null;
}) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      <li>{outsideAction ? `${outsideActionLabels[outsideAction]}.` : "What it does outside the network is not stated."}</li>
      <li>
        {effects?.idempotencyArgument ? (
          <>
            Safe to retry: the <code className="font-mono">{effects.idempotencyArgument}</code> argument is filled from the execution ID, so the same run never
            acts twice.
          </>
        ) : (
          "No protection against acting twice is declared; Explore never retries it automatically."
        )}
      </li>
      <li>
        {effects?.outcomeLookup ? (
          <>
            The provider can look up whether a run took effect (<code className="font-mono">{effects.outcomeLookup}</code>).
          </>
        ) : (
          "The provider cannot look up whether a run took effect; an unclear outcome is reported as unknown."
        )}
      </li>
      {effects?.escalate ? <li>Unknown outcomes go to both publishers and are never retried.</li> : null}
      <li>
        {effects?.dryRunArgument ? (
          <>
            Has a dry run: the <code className="font-mono">{effects.dryRunArgument}</code> argument runs it without effects.
          </>
        ) : (
          "Has no dry run."
        )}
      </li>
      <li>
        {cancellation ? (
          <>
            Can be cancelled while it runs (<code className="font-mono">{cancellation}</code>).
          </>
        ) : (
          "Cannot be cancelled once started."
        )}
      </li>
    </ul>
  );
}
