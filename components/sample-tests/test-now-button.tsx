"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { initialResult } from "@/lib/action-result";
import { testNowAction } from "@/lib/sample-tests/actions";

/** "Test now": queues a sample test of this capability (at most once a minute). */
export function TestNowButton({ handle, capabilityId }: { handle: string; capabilityId: string }) {
  const [result, formAction, pending] = useActionState(testNowAction, initialResult);
  const messageId = `test-now-${capabilityId}-message`;
  return (
    <form action={formAction} className="flex flex-col gap-1">
      <input type="hidden" name="handle" value={handle} />
      <input type="hidden" name="capabilityId" value={capabilityId} />
      <div>
        <Button type="submit" size="sm" disabled={pending} aria-describedby={messageId}>
          Test now
        </Button>
      </div>
      <p id={messageId} aria-live="polite" className={result?.ok ? "text-sm text-success" : "text-sm text-danger"}>
        {result?.message ?? null}
      </p>
    </form>
  );
}
