import type { RunPanelInfo } from "@/lib/domain/runs/queries";
import type { RunFormResult } from "@/lib/domain/runs/run-form-state";
import { AnswerView, StatusBadge } from "./run-answer";
import { RunOutcome } from "./run-outcome";
import type { HookTitle, RunFollowUp } from "./use-run-follow-up";

const hookHeadings: Record<HookTitle, string> = { Cancel: "Cancellation", Outcome: "Outcome check", Repeat: "Repeat execution" };

/** The Result section: the answer shown (`shown`, null while there is none to show) and what a follow-up found. */
export function RunResult({ info, shown, followUp }: { info: RunPanelInfo; shown: RunFormResult | null; followUp: RunFollowUp }) {
  const { hook, hookPending } = followUp;
  return (
    <section aria-labelledby="run-result-heading" aria-live="polite" className="flex flex-col gap-3" id="run-result">
      <h3 id="run-result-heading" className="sr-only">
        Result
      </h3>
      {shown ? (
        shown.ok ? (
          <RunOutcome
            info={info}
            execution={shown.data.execution}
            // What a cancellation or an outcome check found is the run's status now.
            status={hook?.result.ok && hook.title !== "Repeat" ? hook.result.data.status : shown.data.execution.status}
            answerNode={shown.data.answer ? <AnswerView answer={shown.data.answer} label="Answer" /> : null}
            hookPending={hookPending}
            onCheck={() => followUp.check(shown.data.execution.id)}
            onCancel={() => followUp.cancel(shown.data.execution.id)}
            onRepeat={() => followUp.repeat(shown.data.execution.id, shown.data.argumentsText)}
          />
        ) : (
          <div role="alert" className="rounded-md border border-danger/40 bg-danger/10 p-3 text-sm">
            <p className="font-medium text-danger">{shown.message}</p>
          </div>
        )
      ) : null}
      {hook ? (
        <div className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm" role="status">
          <h4 className="flex flex-wrap items-center gap-2 font-medium">
            {hookHeadings[hook.title]}
            {hook.result.ok ? <StatusBadge status={hook.result.data.status} /> : null}
          </h4>
          <p className={hook.result.ok ? undefined : "text-danger"}>{hook.result.message}</p>
          {hook.result.ok && hook.result.data.answer ? (
            <details>
              <summary className="cursor-pointer text-sm font-medium">What the provider answered</summary>
              <div className="mt-2">
                <AnswerView answer={hook.result.data.answer} label={`${hookHeadings[hook.title]}: the provider's answer`} />
              </div>
            </details>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
