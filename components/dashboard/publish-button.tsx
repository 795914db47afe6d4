"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { initialResult } from "@/lib/foundations/action-result";
import { publishAgentAction, unpublishAgentAction } from "@/lib/domain/agents/actions";

/** Publish one agent. A plain form: it works before the page's JavaScript loads. */
function PublishForm({ handle }: { handle: string }) {
  const [result, formAction, pending] = useActionState(publishAgentAction, initialResult);
  const messageId = `publish-${handle}-message`;
  return (
    <form action={formAction} className="flex flex-col gap-1">
      <input type="hidden" name="handle" value={handle} />
      <Button type="submit" size="sm" disabled={pending} aria-describedby={messageId}>
        Publish<span className="sr-only"> {handle}</span>
      </Button>
      <p id={messageId} aria-live="polite" className="text-sm text-danger">
        {result && !result.ok ? result.message : null}
      </p>
    </form>
  );
}

/** Unpublish one agent, asked twice: the first post answers with the question, the second confirms. */
function UnpublishForm({ handle }: { handle: string }) {
  const [result, formAction, pending] = useActionState(unpublishAgentAction, initialResult);
  const asking = result !== null && !result.ok && result.details?.confirm === true;
  const messageId = `unpublish-${handle}-message`;
  return (
    <form action={formAction} className="flex max-w-xs flex-col gap-2">
      <input type="hidden" name="handle" value={handle} />
      {asking ? (
        <div role="alertdialog" aria-labelledby={messageId} className="flex flex-col gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          <p id={messageId}>{result.message}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="confirm" value="yes" variant="danger" size="sm" disabled={pending} autoFocus>
              Yes, unpublish<span className="sr-only"> {handle}</span>
            </Button>
            <Link href="/dashboard" className="self-center text-sm text-accent underline">
              Keep it published
            </Link>
          </div>
        </div>
      ) : (
        <>
          <Button type="submit" size="sm" variant="secondary" disabled={pending} aria-describedby={messageId}>
            Unpublish<span className="sr-only"> {handle}</span>
          </Button>
          <p id={messageId} aria-live="polite" className="text-sm text-danger">
            {result && !result.ok ? result.message : null}
          </p>
        </>
      )}
    </form>
  );
}

export function PublishButton({ handle, publish }: { handle: string; publish: boolean }) {
  return publish ? <PublishForm handle={handle} /> : <UnpublishForm handle={handle} />;
}
