"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { JsonBlock } from "@/components/listings/json-block";
import { initialResult } from "@/lib/foundations/action-result";
import { tryDraftExampleAction } from "@/lib/domain/publishing/draft-actions";

/** "Try it" under the preview's example: the saved draft's example against its adapter, for its publisher only. */
export function TryExample({ draftId, capabilityId }: { draftId: string; capabilityId: string }) {
  const [result, action, pending] = useActionState(tryDraftExampleAction, initialResult);
  return (
    <form action={action} className="flex flex-col gap-3">
      <input type="hidden" name="id" value={draftId} />
      <input type="hidden" name="capabilityId" value={capabilityId} />
      <div>
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Trying…" : "Try the example"}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Calls your adapter with the example&apos;s input as saved, as a test call. Nothing is recorded.</p>
      <div aria-live="polite" className="flex flex-col gap-2">
        {result === null ? null : result.ok ? (
          <>
            <p className={result.data.passed ? "text-sm text-success" : "text-sm text-danger"}>{result.data.words}</p>
            {result.data.output !== null ? <JsonBlock value={result.data.output} label="The answer" /> : null}
          </>
        ) : (
          <p className="text-sm text-danger">{result.message}</p>
        )}
      </div>
    </form>
  );
}
