"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { signInWithEmail, type SignInResult } from "@/lib/accounts/actions";

const initialResult: SignInResult = { ok: true };

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [result, formAction, pending] = useActionState(signInWithEmail, initialResult);
  const emailErrors = result.ok ? undefined : result.fieldErrors?.email;
  const formMessage = !result.ok && !result.fieldErrors ? result.message : undefined;
  return (
    <form action={formAction} noValidate className="space-y-4">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <div>
        <Label htmlFor="sign-in-email">Email address</Label>
        <Input
          id="sign-in-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={result.ok ? undefined : result.email}
          aria-invalid={emailErrors ? true : undefined}
          aria-describedby="sign-in-email-error"
          className="mt-1"
        />
        <FieldError id="sign-in-email-error" messages={emailErrors} />
      </div>
      <FieldError id="sign-in-message" messages={formMessage} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Sending link…" : "Email me a sign-in link"}
      </Button>
    </form>
  );
}
