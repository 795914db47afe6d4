"use client";

import { useActionState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { initialResult, type ActionResult } from "@/lib/foundations/action-result";

type QueueAction = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * A button that asks the worker for something now ("Test now", "Check again") and says in words, to
 * screen readers too, whether it was queued. The fields name what it is for; the action re-checks whose it is.
 */
export function QueueButton({
  action,
  fields,
  id,
  children,
  variant,
}: {
  action: QueueAction;
  fields: Record<string, string>;
  /** Unique on the page: it ties the button to its message. */
  id: string;
  children: ReactNode;
  variant?: "secondary";
}) {
  const [result, formAction, pending] = useActionState(action, initialResult);
  const messageId = `${id}-message`;
  return (
    <form action={formAction} className="flex flex-col gap-1">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div>
        <Button type="submit" size="sm" variant={variant} disabled={pending} aria-describedby={messageId}>
          {children}
        </Button>
      </div>
      <p id={messageId} aria-live="polite" className={result?.ok ? "text-sm text-success" : "text-sm text-danger"}>
        {result?.message ?? null}
      </p>
    </form>
  );
}
