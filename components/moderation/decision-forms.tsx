"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  dismissReportAction,
  reinstateListingAction,
  suspendListingAction,
  type ModerationResult,
} from "@/lib/moderation/actions";

const initial: ModerationResult = { ok: true, message: "" };

function Status({ result, id }: { result: ModerationResult; id: string }) {
  return (
    <p id={id} role="status" aria-live="polite" className={result.ok ? "text-sm text-success" : "text-sm text-danger"}>
      {result.message}
    </p>
  );
}

export function DismissReportForm({ reportId, label }: { reportId: string; label: string }) {
  const [result, action, pending] = useActionState(dismissReportAction, initial);
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
  const [result, action, pending] = useActionState(suspendListingAction, initial);
  const id = `suspend-${handle}-${capabilityId}`.replace(/[^a-zA-Z0-9_-]/g, "");
  const errors = result.ok ? undefined : result.fieldErrors?.reason;
  return (
    <form action={action} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="handle" value={handle} />
      <input type="hidden" name="capabilityId" value={capabilityId} />
      <div className="min-w-64 flex-1">
        <Label htmlFor={`${id}-reason`}>Reason for suspending {name}</Label>
        <Input
          id={`${id}-reason`}
          name="reason"
          required
          aria-invalid={errors ? true : undefined}
          aria-describedby={`${id}-error`}
          className="mt-1"
        />
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
  const [result, action, pending] = useActionState(reinstateListingAction, initial);
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
