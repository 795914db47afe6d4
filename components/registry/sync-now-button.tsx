"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { initialResult } from "@/lib/action-result";
import { syncRegistryNowAction } from "@/lib/registry/actions";

/** "Sync now": queues a new read of the agent-info endpoint (at most once a minute). Works as a plain form too. */
export function SyncNowButton({ handle }: { handle: string }) {
  const [result, formAction, pending] = useActionState(syncRegistryNowAction, initialResult);
  return (
    <form action={formAction} className="flex flex-col gap-1">
      <input type="hidden" name="handle" value={handle} />
      <div>
        <Button type="submit" size="sm" variant="secondary" disabled={pending} aria-describedby="sync-now-message">
          {pending ? "Asking…" : "Sync now"}
        </Button>
      </div>
      <p id="sync-now-message" aria-live="polite" className={result?.ok ? "text-sm text-success" : "text-sm text-danger"}>
        {result?.message ?? null}
      </p>
    </form>
  );
}
