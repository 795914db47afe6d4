"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { initialResult } from "@/lib/action-result";
import { createAdapterTokenAction, revokeAdapterTokenAction } from "@/lib/agents/adapter-token-actions";

/** Makes an adapter token and shows it this once. */
export function AdapterTokenForm({ handle }: { handle: string }) {
  const [result, action, pending] = useActionState(createAdapterTokenAction, initialResult);
  const errors = result && !result.ok ? result.fieldErrors?.label : undefined;
  const token = result?.ok ? result.data.token : null;
  return (
    <div className="flex flex-col gap-3">
      <form action={action} className="flex flex-col gap-2">
        <input type="hidden" name="handle" value={handle} />
        <Label htmlFor="adapter-token-label">Name of the new token</Label>
        <div className="flex flex-wrap items-start gap-2">
          <Input id="adapter-token-label" name="label" maxLength={60} placeholder="production adapter" aria-invalid={errors ? true : undefined} aria-describedby="adapter-token-label-error" className="max-w-xs" />
          <Button type="submit" disabled={pending}>
            {pending ? "Making…" : "Make a token"}
          </Button>
        </div>
        <FieldError id="adapter-token-label-error" messages={errors} />
      </form>
      <div role="status" aria-live="polite" className="text-sm">
        {result && !result.ok && !errors ? <p className="text-danger">{result.message}</p> : null}
        {token ? (
          <div className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-3">
            <p className="font-medium">{result?.message}</p>
            <Label htmlFor="adapter-token-value">The token</Label>
            <Input id="adapter-token-value" readOnly value={token} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Revokes one token (a plain form: works without JavaScript). */
export function RevokeTokenButton({ handle, tokenId, label }: { handle: string; tokenId: string; label: string }) {
  const [result, action, pending] = useActionState(revokeAdapterTokenAction, initialResult);
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="handle" value={handle} />
      <input type="hidden" name="tokenId" value={tokenId} />
      <Button type="submit" variant="danger" size="sm" disabled={pending}>
        Revoke<span className="sr-only"> {label}</span>
      </Button>
      {result && !result.ok ? <span role="status" className="text-sm text-danger">{result.message}</span> : null}
    </form>
  );
}
