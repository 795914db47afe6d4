"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { saveAgeSettingsAction } from "@/lib/model/accounts/settings-actions";
import { initialResult } from "@/lib/foundations/action-result";
import { MATURE_REASONS } from "@/lib/model/agent-file/types";

/** Date of birth and "Show 18+ services" (offered only once the stated date of birth makes you an adult). */
export function SettingsAgeForm({ dateOfBirth, showMature, isAdult }: { dateOfBirth: string; showMature: boolean; isAdult: boolean }) {
  const [result, action, pending] = useActionState(saveAgeSettingsAction, initialResult);
  const dobErrors = result && !result.ok ? result.fieldErrors?.dateOfBirth : undefined;
  return (
    <form action={action} className="space-y-5" aria-describedby="age-status">
      <div key={`${dateOfBirth}:${showMature}`} className="space-y-5">
        <div>
          <Label htmlFor="settings-dob">Date of birth</Label>
          <p id="settings-dob-hint" className="mt-1 text-sm text-muted-foreground">
            Stated by you. It decides whether 18+ services can be shown.
          </p>
          <Input
            id="settings-dob"
            name="dateOfBirth"
            type="date"
            defaultValue={dateOfBirth}
            autoComplete="bday"
            aria-invalid={dobErrors ? true : undefined}
            aria-describedby="settings-dob-hint settings-dob-error"
            className="mt-1 max-w-xs"
          />
          <FieldError id="settings-dob-error" messages={dobErrors} />
        </div>
        <div className="rounded-md border border-border p-3">
          <CheckboxField id="settings-show-mature" name="showMature" label="Show 18+ services" defaultChecked={showMature} disabled={!isAdult}>
            <p>
              Some services are rated 18+ by their publishers because they deal with {MATURE_REASONS.join(", ")}. They are legal for adults but not for
              everyone; they stay hidden until you turn this on.
            </p>
            <p>Sexual content is not allowed on Explore at any rating.</p>
            {!isAdult ? <p className="font-medium text-foreground">Available to adults: save a date of birth that makes you 18 or older first.</p> : null}
          </CheckboxField>
        </div>
      </div>
      <div className="flex items-center gap-4">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : "Save age settings"}
        </Button>
        <p id="age-status" role="status" aria-live="polite" className={result?.ok === false ? "text-sm text-danger" : "text-sm text-success"}>
          {result?.message}
        </p>
      </div>
    </form>
  );
}
