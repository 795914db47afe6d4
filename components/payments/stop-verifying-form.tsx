"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { initialResult } from "@/lib/foundations/action-result";
import { stopVerifyingAction } from "@/lib/domain/payments/webhook-settings";

// A disclosure rather than a modal: it works before the page's JavaScript loads, and the checkbox is the confirmation.
export function StopVerifyingForm({ handle }: { handle: string }) {
  const [result, action, pending] = useActionState(stopVerifyingAction, initialResult);
  return (
    <details className="rounded-md border border-border p-3">
      <summary className="cursor-pointer text-sm font-medium text-danger">Stop verifying with Stripe</summary>
      <form action={action} className="mt-3 space-y-3">
        <input type="hidden" name="handle" value={handle} />
        <p id="stop-verifying-what" className="text-sm">
          Explore forgets the signing secret and no longer checks this agent&apos;s Stripe events: your adapter enforces its paid plans again
          (provider-enforced). The events received so far and what consumers bought stay recorded.
        </p>
        <div className="flex items-start gap-2">
          <input
            id="stop-verifying-confirm"
            name="confirm"
            type="checkbox"
            value="yes"
            required
            aria-describedby="stop-verifying-what stop-verifying-status"
            className="mt-1 h-4 w-4 shrink-0"
          />
          <Label htmlFor="stop-verifying-confirm">Yes, stop verifying this agent&apos;s payments with Stripe</Label>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button type="submit" variant="danger" size="sm" disabled={pending}>
            Stop verifying
          </Button>
          <p id="stop-verifying-status" role="status" aria-live="polite" className={result?.ok === false ? "text-sm text-danger" : "text-sm text-success"}>
            {result?.message}
          </p>
        </div>
      </form>
    </details>
  );
}
