"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { initialResult } from "@/lib/action-result";
import { publishAgentAction, unpublishAgentAction } from "@/lib/agents/actions";

/** Publish or unpublish one agent. A plain form: it works before the page's JavaScript loads. */
export function PublishButton({ handle, publish }: { handle: string; publish: boolean }) {
  const [result, formAction, pending] = useActionState(publish ? publishAgentAction : unpublishAgentAction, initialResult);
  const messageId = `publish-${handle}-message`;
  return (
    <form action={formAction} className="flex flex-col gap-1">
      <input type="hidden" name="handle" value={handle} />
      <Button type="submit" size="sm" variant={publish ? "primary" : "secondary"} disabled={pending} aria-describedby={messageId}>
        {publish ? "Publish" : "Unpublish"}
        <span className="sr-only"> {handle}</span>
      </Button>
      <p id={messageId} aria-live="polite" className="text-sm text-danger">
        {result && !result.ok ? result.message : null}
      </p>
    </form>
  );
}
