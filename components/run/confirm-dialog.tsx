"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

// Explicit confirmation before an external action runs: what it does outside the network, with which
// arguments; the dry run comes first and has the focus. A modal <dialog>: Escape closes it, focus stays inside.
export function ConfirmDialog({
  outsideAction,
  argumentsText,
  dryRunOffered,
  onDryRun,
  onConfirm,
  onClose,
}: {
  outsideAction: string | null;
  argumentsText: string;
  dryRunOffered: boolean;
  onDryRun: () => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // showModal focuses the first focusable element; the safest choice (the dry run) gets it instead.
    first.current?.focus();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="confirm-run-title"
      aria-describedby="confirm-run-what"
      onClose={onClose}
      className="m-auto w-full max-w-lg rounded-lg border border-border bg-surface p-5 text-foreground backdrop:bg-black/50"
    >
      <h2 id="confirm-run-title" className="text-lg font-semibold">
        Confirm an action outside Explore
      </h2>
      <p id="confirm-run-what" className="mt-2 text-sm">
        This service acts outside the network on your behalf: <strong>{outsideAction ?? "it has effects outside Explore"}</strong>. Running it for real cannot
        be undone by Explore, and it is never retried automatically.
      </p>
      <p className="mt-3 text-sm font-medium">It will be sent these arguments:</p>
      <pre className="mt-1 max-h-64 overflow-auto rounded-md bg-muted p-3 font-mono text-xs" tabIndex={0}>
        {argumentsText}
      </pre>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => ref.current?.close()}>
          Go back
        </Button>
        {dryRunOffered ? (
          <Button ref={first} variant="secondary" onClick={onDryRun}>
            Dry run first
          </Button>
        ) : null}
        <Button ref={dryRunOffered ? undefined : first} variant="danger" onClick={onConfirm}>
          Run for real
        </Button>
      </div>
    </dialog>
  );
}
