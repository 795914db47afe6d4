"use client";

import { useActionState } from "react";
import { initialResult } from "@/lib/foundations/action-result";
import { resolveUnknownOutcomeAction } from "@/lib/domain/runs/resolve-outcome-action";

/** "Mark resolved" for one unknown outcome; a plain form underneath, so it works without JavaScript too. */
export function MarkResolvedButton({ executionId, serviceName }: { executionId: string; serviceName: string }) {
  const [result, action, pending] = useActionState(resolveUnknownOutcomeAction, initialResult);
  return (
    <form action={action} className="mt-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="executionId" value={executionId} />
      <button type="submit" disabled={pending} className="text-sm font-medium text-accent underline disabled:opacity-60">
        {pending ? "Marking resolved…" : "Mark resolved"}
        <span className="sr-only"> (the unknown outcome of {serviceName})</span>
      </button>
      <span role="status" aria-live="polite" className={result && !result.ok ? "text-sm text-danger" : "text-sm text-muted-foreground"}>
        {result ? result.message : ""}
      </span>
    </form>
  );
}
