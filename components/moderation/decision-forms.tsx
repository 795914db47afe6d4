"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { initialResult, type ActionResult } from "@/lib/foundations/action-result";
import { dismissReportAction, reinstateListingAction, suspendListingAction } from "@/lib/domain/moderation/actions";

function Status({ result, id }: { result: ActionResult | null; id: string }) {
  return (
    <p id={id} role="status" aria-live="polite" className={result?.ok === false ? "text-sm text-danger" : "text-sm text-success"}>
      {result?.message}
    </p>
  );
}

export function DismissReportForm({ reportId, label }: { reportId: string; label: string }) {
  const [result, action, pending] = useActionState(dismissReportAction, initialResult);
  return (
    <form action={action} className="flex items-center gap-3">
      <input type="hidden" name="reportId" value={reportId} />
      <Button type="submit" variant="secondary" size="sm" disabled={pending}>
        Dismiss<span className="sr-only"> {label}</span>
      </Button>
      <Status result={result} id={`dismiss-${reportId}-status`} />
    </form>
  );
}

export function SuspendListingForm({ handle, capabilityId, name }: { handle: string; capabilityId: string; name: string }) {
  const [result, action, pending] = useActionState(suspendListingAction, initialResult);
  const id = `suspend-${handle}-${capabilityId}`.replace(/[^a-zA-Z0-9_-]/g, "");
  const errors = result && !result.ok ? result.fieldErrors?.reason : undefined;
  return (
    <form action={action} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="handle" value={handle} />
      <input type="hidden" name="capabilityId" value={capabilityId} />
      <div className="min-w-64 flex-1">
        <Label htmlFor={`${id}-reason`}>Reason for suspending {name}</Label>
        <Input id={`${id}-reason`} name="reason" required aria-invalid={errors ? true : undefined} aria-describedby={`${id}-error`} className="mt-1" />
        <FieldError id={`${id}-error`} messages={errors} />
      </div>
      <Button type="submit" variant="danger" disabled={pending}>
        Suspend<span className="sr-only"> {name}</span>
      </Button>
      <Status result={result} id={`${id}-status`} />
    </form>
  );
}

export function ReinstateListingForm({ handle, capabilityId, name }: { handle: string; capabilityId: string; name: string }) {
  const [result, action, pending] = useActionState(reinstateListingAction, initialResult);
  return (
    <form action={action} className="flex items-center gap-3">
      <input type="hidden" name="handle" value={handle} />
      <input type="hidden" name="capabilityId" value={capabilityId} />
      <Button type="submit" variant="secondary" size="sm" disabled={pending}>
        Reinstate<span className="sr-only"> {name}</span>
      </Button>
      <Status result={result} id={`reinstate-${handle}-${capabilityId}-status`.replace(/[^a-zA-Z0-9_-]/g, "")} />
    </form>
  );
}
