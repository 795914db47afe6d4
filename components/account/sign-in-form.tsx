"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { signInWithEmail } from "@/lib/model/accounts/actions";
import { initialResult } from "@/lib/foundations/action-result";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [result, formAction, pending] = useActionState(signInWithEmail, initialResult);
  const failed = result && !result.ok ? result : null;
  const emailErrors = failed?.fieldErrors?.email;
  const formMessage = failed && !failed.fieldErrors ? failed.message : undefined;
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
          defaultValue={failed?.details?.email}
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
