"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { initialResult } from "@/lib/action-result";
import { createApiTokenAction, revokeApiTokenAction } from "@/lib/api-tokens/actions";

/** Makes a personal API token and shows it this once. */
export function ApiTokenForm() {
  const [result, action, pending] = useActionState(createApiTokenAction, initialResult);
  const errors = result && !result.ok ? result.fieldErrors?.label : undefined;
  const token = result?.ok ? result.data.token : null;
  return (
    <div className="flex flex-col gap-3">
      <form action={action} className="flex flex-col gap-2">
        <Label htmlFor="api-token-label">Name of the new token</Label>
        <div className="flex flex-wrap items-start gap-2">
          <Input id="api-token-label" name="label" maxLength={60} placeholder="my research agent" aria-invalid={errors ? true : undefined} aria-describedby="api-token-label-error" className="max-w-xs" />
          <Button type="submit" disabled={pending}>
            {pending ? "Making…" : "Make a token"}
          </Button>
        </div>
        <FieldError id="api-token-label-error" messages={errors} />
      </form>
      <div role="status" aria-live="polite" className="text-sm">
        {result && !result.ok && !errors ? <p className="text-danger">{result.message}</p> : null}
        {token ? (
          <div className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-3">
            <p className="font-medium">{result?.message}</p>
            <Label htmlFor="api-token-value">The token</Label>
            <Input id="api-token-value" readOnly value={token} className="font-mono" onFocus={(e) => e.currentTarget.select()} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Revokes one token (a plain form: works without JavaScript). */
export function RevokeApiTokenButton({ tokenId, label }: { tokenId: string; label: string }) {
  const [result, action, pending] = useActionState(revokeApiTokenAction, initialResult);
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="tokenId" value={tokenId} />
      <Button type="submit" variant="danger" size="sm" disabled={pending}>
        Revoke<span className="sr-only"> {label}</span>
      </Button>
      {result && !result.ok ? <span role="status" className="text-sm text-danger">{result.message}</span> : null}
    </form>
  );
}
