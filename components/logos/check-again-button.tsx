"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { initialResult } from "@/lib/action-result";
import { checkAgainAction } from "@/lib/logos/actions";

/** "Check again": queues a new check of the logo or a new fetch of the terms (at most once a minute). */
export function CheckAgainButton({ handle, kind }: { handle: string; kind: "logo" | "terms" }) {
  const [result, formAction, pending] = useActionState(checkAgainAction, initialResult);
  const messageId = `check-again-${kind}-message`;
  return (
    <form action={formAction} className="flex flex-col gap-1">
      <input type="hidden" name="handle" value={handle} />
      <input type="hidden" name="kind" value={kind} />
      <div>
        <Button type="submit" size="sm" variant="secondary" disabled={pending} aria-describedby={messageId}>
          Check again<span className="sr-only"> {kind === "logo" ? "the logo" : "the terms"}</span>
        </Button>
      </div>
      <p id={messageId} aria-live="polite" className={result?.ok ? "text-sm text-success" : "text-sm text-danger"}>
        {result?.message ?? null}
      </p>
    </form>
  );
}
