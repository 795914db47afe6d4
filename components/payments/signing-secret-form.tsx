"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { initialResult } from "@/lib/foundations/action-result";
import { saveSigningSecretAction } from "@/lib/domain/payments/webhook-settings";

/** Sets or replaces the agent's Stripe signing secret. The field is a password field and is emptied after each try. */
export function SigningSecretForm({ handle, replacing }: { handle: string; replacing: boolean }) {
  const [result, action, pending] = useActionState(saveSigningSecretAction, initialResult);
  const errors = result && !result.ok ? result.fieldErrors?.secret : undefined;
  return (
    <form action={action} className="space-y-3">
      <input type="hidden" name="handle" value={handle} />
      <div>
        <Label htmlFor="stripe-signing-secret">{replacing ? "New signing secret" : "Signing secret"}</Label>
        <p id="stripe-signing-secret-hint" className="mt-1 text-sm text-muted-foreground">
          Starts with <code className="font-mono">whsec_</code>. Explore keeps it encrypted and never shows it again.
        </p>
        <Input
          id="stripe-signing-secret"
          name="secret"
          type="password"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={errors ? true : undefined}
          aria-describedby="stripe-signing-secret-hint stripe-signing-secret-error"
          className="mt-1 max-w-md font-mono"
        />
        <FieldError id="stripe-signing-secret-error" messages={errors} />
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : replacing ? "Replace the signing secret" : "Save the signing secret"}
        </Button>
        <p role="status" aria-live="polite" className={result?.ok === false ? "text-sm text-danger" : "text-sm text-success"}>
          {result?.message}
        </p>
      </div>
    </form>
  );
}
