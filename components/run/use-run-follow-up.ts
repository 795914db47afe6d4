"use client";

import { useState, useTransition } from "react";
import { cancelExecutionAction, checkOutcomeAction, repeatExecutionAction } from "@/lib/domain/runs/actions";
import type { HookFormResult } from "@/lib/domain/runs/run-form-state";

// What can follow a run (cancelling it, checking its outcome, repeating it), and the last one's answer.

export type HookTitle = "Cancel" | "Outcome" | "Repeat";

export function useRunFollowUp() {
  const [hook, setHook] = useState<{ title: HookTitle; result: HookFormResult } | null>(null);
  const [hookPending, startHook] = useTransition();

  function runHook(title: HookTitle, call: () => Promise<HookFormResult>) {
    startHook(async () => {
      const result = await call();
      setHook({ title, result });
    });
  }

  return {
    hook,
    hookPending,
    clear: () => setHook(null),
    cancel: (executionId: string) => runHook("Cancel", () => cancelExecutionAction({ executionId })),
    check: (executionId: string) => runHook("Outcome", () => checkOutcomeAction({ executionId })),
    repeat: (executionId: string, argumentsText: string) => runHook("Repeat", () => repeatExecutionAction({ executionId, arguments: argumentsText })),
  };
}

export type RunFollowUp = ReturnType<typeof useRunFollowUp>;
