"use client";

import { useActionState, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { initialResult } from "@/lib/foundations/action-result";
import { runCapabilityAction } from "@/lib/domain/runs/actions";
import type { RunPanelInfo } from "@/lib/domain/runs/queries";
import { pretty } from "./arguments-text";
import { ConfirmDialog } from "./confirm-dialog";
import { NoScriptForm } from "./no-script-form";
import { PlanChoice } from "./plan-choice";
import { planKey } from "./plan-picker";
import { RunArgumentsFields } from "./run-arguments-fields";
import { RunProgressStatus } from "./run-progress-status";
import { RunResult } from "./run-result";
import type { FormValues } from "./schema-form-types";
import { usePlanChoice } from "./use-plan-choice";
import { useRunArguments } from "./use-run-arguments";
import { useRunFollowUp } from "./use-run-follow-up";
import { useRunProgress } from "./use-run-progress";

// The Run panel's interactive leaf: the generated form (or raw JSON), the run action with live progress and
// elapsed time, the confirmation of external actions (dry run first), and the answer with its follow-ups.

export function RunForm({ info }: { info: RunPanelInfo }) {
  const external = info.externalAction;

  // The last run's answer; null until the first run. With JavaScript the answer comes at the end of the run's
  // event stream (`progress.streamed`); the form without it posts to the plain action.
  const [posted, formAction, postPending] = useActionState(runCapabilityAction, initialResult);
  const progress = useRunProgress(postPending);
  const done = progress.streamed ?? posted;
  const pending = progress.pending;
  const input = useRunArguments(info, done);
  const plan = usePlanChoice(info);
  const followUp = useRunFollowUp();
  const [confirmArgs, setConfirmArgs] = useState<FormValues | null>(null);
  // A new attempt puts the last answer away at once, so an old "Succeeded" never sits under new errors.
  const [putAway, setPutAway] = useState<typeof done | null>(null);
  const router = useRouter();

  const busy = pending || followUp.hookPending;
  // The arguments of the last run, whatever came of it.
  const submitted = done ? (done.ok ? done.data : done.details) : undefined;

  // What is left (free runs today, calls) changed with the run: the panel's server part reads it again.
  useEffect(() => {
    if (done?.ok) router.refresh();
  }, [done, router]);

  function start(args: FormValues, dryRun: boolean) {
    setConfirmArgs(null);
    followUp.clear();
    input.showServerErrors();
    const form = new FormData();
    form.set("handle", info.handle);
    form.set("capabilityId", info.capabilityId);
    form.set("arguments", JSON.stringify(args));
    form.set("dryRun", dryRun ? "1" : "0");
    form.set("planId", plan.chosen ? planKey(plan.chosen) : "");
    form.set("consentToPay", plan.consentToPay ? "1" : "0");
    // The agreement was to this run: the next one is asked again.
    plan.setConsentToPay(false);
    progress.start(form, dryRun);
  }

  async function onRun(dryRun: boolean) {
    setPutAway(done);
    followUp.clear();
    const args = await input.currentArguments();
    if (!args) return;
    if (external && !dryRun) setConfirmArgs(args);
    else start(args, dryRun);
  }

  const inFlightId = pending ? progress.live?.executionId : null;
  const cannotRun = busy || info.notRunnable !== null || (plan.consent !== null && !plan.consentToPay);

  return (
    <div className="flex flex-col gap-4">
      <RunArgumentsFields info={info} input={input} busy={busy} />

      <PlanChoice info={info} plan={plan} busy={busy} />

      <div className="flex flex-wrap items-center gap-2">
        {external?.dryRun ? (
          <Button onClick={() => void onRun(true)} disabled={cannotRun}>
            Dry run
          </Button>
        ) : null}
        <Button variant={external?.dryRun ? "secondary" : "primary"} onClick={() => void onRun(false)} disabled={cannotRun}>
          {external ? "Run…" : "Run"}
        </Button>
        {inFlightId && info.cancellable && !progress.live?.dryRun ? (
          <Button variant="danger" onClick={() => followUp.cancel(inFlightId)} disabled={followUp.hookPending}>
            Cancel
          </Button>
        ) : null}
      </div>

      <RunProgressStatus pending={pending} live={progress.live} now={progress.now} />

      <RunResult info={info} shown={done && !pending && done !== putAway ? done : null} followUp={followUp} />

      {confirmArgs && external ? (
        <ConfirmDialog
          outsideAction={external.outsideAction}
          argumentsText={pretty(confirmArgs)}
          dryRunOffered={external.dryRun}
          onDryRun={() => start(confirmArgs, true)}
          onConfirm={() => start(confirmArgs, false)}
          onClose={() => setConfirmArgs(null)}
        />
      ) : null}

      <NoScriptForm info={info} formAction={formAction} argumentsText={submitted?.argumentsText ?? pretty(input.example)} />
    </div>
  );
}
