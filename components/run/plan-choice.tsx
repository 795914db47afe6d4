import type { RunPanelInfo } from "@/lib/domain/runs/queries";
import { notRunnableMessage } from "@/lib/domain/runs/run-words";
import { PlanList, PlanNotes, PlanPicker, planKey } from "./plan-picker";
import type { PlanChoiceState } from "./use-plan-choice";

/** Why the service cannot run now (if so), the plan to run on, and the agreement to what a paid plan costs. */
export function PlanChoice({ info, plan, busy }: { info: RunPanelInfo; plan: PlanChoiceState; busy: boolean }) {
  const { chosen, consent, consentToPay } = plan;
  return (
    <>
      {info.notRunnable ? (
        <div role="note" className="flex flex-col gap-3 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p>{notRunnableMessage(info.notRunnable)}</p>
          <PlanList plans={info.plans} />
        </div>
      ) : null}

      <PlanPicker plans={info.notRunnable ? [] : info.plans} chosen={chosen ? planKey(chosen) : ""} onChoose={plan.choose} disabled={busy} />
      <PlanNotes plans={info.plans} paymentNote={info.paymentNote} />

      {consent !== null && !info.notRunnable ? (
        <label className="flex items-start gap-2 rounded-md border border-info/40 bg-info/10 p-3 text-sm">
          <input type="checkbox" className="mt-1" checked={consentToPay} onChange={(e) => plan.setConsentToPay(e.target.checked)} />
          <span>
            <strong>I agree.</strong> {consent}
          </span>
        </label>
      ) : null}
    </>
  );
}
