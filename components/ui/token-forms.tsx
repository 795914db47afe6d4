"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { initialResult, type ActionResult } from "@/lib/foundations/action-result";

// The two forms of every bearer token Explore issues (adapter tokens, personal API tokens): make one, shown
// this once, and revoke one. Plain forms, so both work without JavaScript. The action re-checks whose it is.

type MakeAction = (previous: ActionResult<{ token: string }> | null, form: FormData) => Promise<ActionResult<{ token: string }>>;
type RevokeAction = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/** Makes a token and shows it this once. `id` must be unique on the page. */
export function MakeTokenForm({
  action,
  id,
  placeholder,
  fields = {},
}: {
  action: MakeAction;
  id: string;
  placeholder: string;
  fields?: Record<string, string>;
}) {
  const [result, formAction, pending] = useActionState(action, initialResult);
  const errors = result && !result.ok ? result.fieldErrors?.label : undefined;
  const token = result?.ok ? result.data.token : null;
  return (
    <div className="flex flex-col gap-3">
      <form action={formAction} className="flex flex-col gap-2">
        <HiddenFields fields={fields} />
        <Label htmlFor={`${id}-label`}>Name of the new token</Label>
        <div className="flex flex-wrap items-start gap-2">
          <Input
            id={`${id}-label`}
            name="label"
            maxLength={60}
            placeholder={placeholder}
            aria-invalid={errors ? true : undefined}
            aria-describedby={`${id}-label-error`}
            className="max-w-xs"
          />
          <Button type="submit" disabled={pending}>
            {pending ? "Making…" : "Make a token"}
          </Button>
        </div>
        <FieldError id={`${id}-label-error`} messages={errors} />
      </form>
      <div role="status" aria-live="polite" className="text-sm">
        {result && !result.ok && !errors ? <p className="text-danger">{result.message}</p> : null}
        {token ? (
          <div className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-3">
            <p className="font-medium">{result?.message}</p>
            <Label htmlFor={`${id}-value`}>The token</Label>
            <Input id={`${id}-value`} readOnly value={token} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Revokes one token; `label` names it to screen readers. */
export function RevokeTokenForm({ action, fields, label }: { action: RevokeAction; fields: Record<string, string>; label: string }) {
  const [result, formAction, pending] = useActionState(action, initialResult);
  return (
    <form action={formAction} className="flex items-center gap-2">
      <HiddenFields fields={fields} />
      <Button type="submit" variant="danger" size="sm" disabled={pending}>
        Revoke<span className="sr-only"> {label}</span>
      </Button>
      {result && !result.ok ? (
        <span role="status" className="text-sm text-danger">
          {result.message}
        </span>
      ) : null}
    </form>
  );
}
