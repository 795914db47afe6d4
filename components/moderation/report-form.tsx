"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { initialResult } from "@/lib/foundations/action-result";
import { reportListingAction } from "@/lib/domain/moderation/actions";
import { MAX_COMMENT, REPORT_REASONS, REPORT_REASON_WORDS } from "@/lib/domain/moderation/reasons";

export function ReportForm({ handle, capabilityId }: { handle: string; capabilityId: string }) {
  const [result, action, pending] = useActionState(reportListingAction, initialResult);
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  if (result?.ok) {
    return (
      <p role="status" aria-live="polite" className="text-success">
        {result.message}
      </p>
    );
  }
  return (
    <form action={action} className="space-y-5">
      <input type="hidden" name="handle" value={handle} />
      <input type="hidden" name="capabilityId" value={capabilityId} />
      <fieldset aria-describedby="report-reason-error">
        <legend className="text-sm font-medium">What is wrong?</legend>
        <div className="mt-2 flex flex-col gap-2">
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className="flex items-start gap-2 text-sm">
              <input type="radio" name="reason" value={reason} required className="mt-1" aria-describedby={`report-reason-${reason}`} />
              <span>
                <span className="font-medium">{REPORT_REASON_WORDS[reason].label}</span>
                <span id={`report-reason-${reason}`} className="block text-muted-foreground">
                  {REPORT_REASON_WORDS[reason].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="report-reason-error" messages={errors.reason} />
      </fieldset>
      <div>
        <Label htmlFor="report-comment">Comment</Label>
        <Textarea
          id="report-comment"
          name="comment"
          maxLength={MAX_COMMENT}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby="report-comment-error"
          className="mt-1"
        />
        <FieldError id="report-comment-error" messages={errors.comment} />
      </div>
      <div className="flex items-center gap-4">
        <Button type="submit" disabled={pending}>
          {pending ? "Sending…" : "Send report"}
        </Button>
        <p role="status" aria-live="polite" className="text-sm text-danger">
          {result && !result.ok ? result.message : ""}
        </p>
      </div>
    </form>
  );
}
