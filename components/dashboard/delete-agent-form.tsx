"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { initialResult } from "@/lib/foundations/action-result";
import { deleteAgentAction } from "@/lib/domain/agents/actions";

/** "Delete agent", confirmed by typing the handle. A plain form: it works before the page's JavaScript loads. */
export function DeleteAgentForm({ handle }: { handle: string }) {
  const [result, formAction, pending] = useActionState(deleteAgentAction, initialResult);
  const errors = result && !result.ok ? result.fieldErrors?.confirmation : undefined;
  return (
    <form action={formAction} className="flex max-w-md flex-col gap-3 rounded-md border border-danger/40 bg-danger/5 p-4">
      <input type="hidden" name="handle" value={handle} />
      <p className="text-sm">
        Its services, plans, versions and change log are deleted, and its pages answer “deleted” to everyone at once. Runs people made stay in their records as
        a deleted service. Nobody else can take the handle; you can import it again.
      </p>
      <div>
        <Label htmlFor="delete-confirmation">
          Type <span className="font-mono">{handle}</span> to confirm
        </Label>
        <Input
          id="delete-confirmation"
          name="confirmation"
          autoComplete="off"
          spellCheck={false}
          required
          aria-invalid={errors ? true : undefined}
          aria-describedby="delete-confirmation-error"
          className="mt-1"
        />
        <FieldError id="delete-confirmation-error" messages={errors} />
      </div>
      <div>
        <Button type="submit" variant="danger" disabled={pending}>
          Delete agent<span className="sr-only"> {handle}</span>
        </Button>
      </div>
      <p aria-live="polite" className="text-sm text-danger">
        {result && !result.ok && !errors ? result.message : null}
      </p>
    </form>
  );
}
