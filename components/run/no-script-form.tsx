import type { RunPanelInfo } from "@/lib/domain/runs/queries";
import { planKey } from "./plan-picker";

/** Without JavaScript: a raw-JSON form posting straight to the run action. */
export function NoScriptForm({ info, formAction, argumentsText }: { info: RunPanelInfo; formAction: (form: FormData) => void; argumentsText: string }) {
  // Without JavaScript the run uses the default plan, so only its consent is asked.
  const consent = info.plans.find((p) => planKey(p) === (info.defaultPlanId ?? ""))?.consent ?? null;
  const external = info.externalAction;
  return (
    <noscript>
      {/* The generated form's loading skeleton means nothing without JavaScript. */}
      <style>{"[data-js-only]{display:none}"}</style>
      <form action={formAction} className="flex flex-col gap-2" id="run-noscript-form">
        <input type="hidden" name="handle" value={info.handle} />
        <input type="hidden" name="capabilityId" value={info.capabilityId} />
        <label htmlFor="run-arguments-nojs" className="text-sm font-medium">
          Arguments (JSON)
        </label>
        <textarea
          id="run-arguments-nojs"
          name="arguments"
          rows={10}
          defaultValue={argumentsText}
          className="rounded-md border border-border p-2 font-mono text-xs"
        />
        {external ? (
          <label className="text-sm">
            <input type="checkbox" name="confirm" required /> I understand that this {external.outsideAction?.toLowerCase() ?? "acts"} outside Explore.
          </label>
        ) : null}
        {consent !== null ? (
          <label className="text-sm">
            <input type="checkbox" name="consentToPay" value="1" required /> I agree. {consent}
          </label>
        ) : null}
        <div className="flex gap-2">
          {external?.dryRun ? (
            <button type="submit" name="dryRun" value="1" formNoValidate className="rounded-md border border-border px-3 py-1">
              Dry run
            </button>
          ) : null}
          <button type="submit" name="dryRun" value="0" className="rounded-md border border-border px-3 py-1">
            Run
          </button>
        </div>
      </form>
    </noscript>
  );
}
