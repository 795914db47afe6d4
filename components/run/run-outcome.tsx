import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { RunPanelInfo } from "@/lib/domain/runs/queries";
import type { ExecutionView } from "@/lib/domain/runs/run-types";
import { durationText, repeatPromises } from "@/lib/domain/runs/run-words";
import { StatusBadge } from "./run-answer";

/** A run that went through: its status, answer and record, and what can follow it (repeat, check, cancel). */
export function RunOutcome({
  info,
  execution,
  status,
  answerNode,
  hookPending,
  onCheck,
  onCancel,
  onRepeat,
}: {
  info: RunPanelInfo;
  execution: ExecutionView;
  status: ExecutionView["status"];
  answerNode: ReactNode;
  hookPending: boolean;
  onCheck: () => void;
  onCancel: () => void;
  onRepeat: () => void;
}) {
  const external = info.externalAction;
  const canCheck = Boolean(external?.outcomeLookup) && !execution.dryRun;
  const canCancel = info.cancellable && !execution.dryRun && ["succeeded", "outcome_unknown", "running"].includes(status);
  const refreshNote =
    info.repeat === "refresh" && execution.paid
      ? info.refreshes
        ? ` This paid run includes ${info.refreshes.perExecution} refresh${info.refreshes.perExecution === 1 ? "" : "es"} within ${info.refreshes.withinHours} h of finishing.`
        : " This paid run includes no refreshes."
      : "";
  return (
    <div className="flex flex-col gap-3 rounded-md border border-border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={status} />
        {execution.dryRun ? <span className="text-sm font-medium">Dry run: nothing happened outside Explore.</span> : null}
        {execution.durationMs !== null ? <span className="text-sm text-muted-foreground">Time taken: {durationText(execution.durationMs)}</span> : null}
      </div>
      {/* A success's sentence only restates the time taken, and a later cancellation or check speaks for itself below. */}
      {status === execution.status && status !== "succeeded" && execution.message ? (
        <p className={status === "tool_error" || status === "failed" ? "text-danger" : undefined}>{execution.message}</p>
      ) : null}
      {execution.planWords ? (
        <p className="text-sm text-muted-foreground">
          Plan: {execution.planWords}.{execution.paid ? " Explore takes no payment itself: you pay the provider." : ""}
        </p>
      ) : null}
      {answerNode}
      <p className="text-xs text-muted-foreground">
        Execution ID <code className="break-all font-mono">{execution.id}</code>. Explore keeps only this record and fingerprints, never your arguments or the
        answer (see{" "}
        <Link href="/runs" className="text-accent underline">
          My runs
        </Link>
        ).
      </p>
      <div className="flex flex-col gap-2 border-t border-border pt-3">
        <p className="text-sm" id="repeat-help">
          Repeat execution re-sends the same execution ID. {repeatPromises[info.repeat]}
          {refreshNote}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onRepeat} disabled={hookPending} aria-describedby="repeat-help">
            Repeat execution
          </Button>
          {canCheck ? (
            <Button variant={status === "outcome_unknown" ? "primary" : "secondary"} size="sm" onClick={onCheck} disabled={hookPending}>
              Check outcome
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="danger" size="sm" onClick={onCancel} disabled={hookPending}>
              Cancel
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
