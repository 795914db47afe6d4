"use client";

import { startTransition, useEffect, useState, useTransition } from "react";
import { fail } from "@/lib/foundations/action-result";
import { runWithProgressAction } from "@/lib/domain/runs/actions";
import type { RunFormResult, RunStreamEvent } from "@/lib/domain/runs/run-form-state";
import type { RunEvent } from "@/lib/domain/runs/run-types";

// A run with JavaScript: its event stream is read as it arrives, so the form shows the elapsed time and the
// progress the run reports, and offers to cancel it once its execution ID is known.

export type LiveRun = { startedAt: number; executionId: string | null; progress: Extract<RunEvent, { type: "progress" }> | null; dryRun: boolean };

// Read only from event handlers; the linter cannot tell `start` is one once it is passed down as a callback.
function clockNow(): number {
  return Date.now();
}

/** The run's answer, after passing each event before it to `onEvent` as it arrives. */
async function readRun(
  events: ReadableStream<RunStreamEvent>,
  onEvent: (event: Exclude<RunStreamEvent, { type: "answer" }>) => void,
): Promise<RunFormResult | null> {
  // A reader rather than `for await`: not every browser iterates a ReadableStream yet.
  const reader = events.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return null;
    if (value.type === "answer") return value.result;
    onEvent(value);
  }
}

const answerLost = "The run's answer did not reach this page (the connection broke). My runs shows how it ended.";

/** The streamed run: its answer (null until the first), whether a run is under way and how far it is. */
export function useRunProgress(postPending: boolean) {
  const [streamed, setStreamed] = useState<RunFormResult | null>(null);
  const [running, startRun] = useTransition();
  // A post from the form without JavaScript is a run under way too.
  const pending = running || postPending;
  const [live, setLive] = useState<LiveRun | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [pending]);

  /** Runs what `form` asks for, with the run action that streams its progress. */
  function start(form: FormData, dryRun: boolean) {
    const startedAt = clockNow();
    setNow(startedAt);
    setLive({ startedAt, executionId: null, progress: null, dryRun });
    startRun(async () => {
      let result: RunFormResult;
      try {
        const answer = await runWithProgressAction(null, form);
        result = answer.ok
          ? ((await readRun(answer.data.events, (event) =>
              setLive((l) => (l === null ? l : event.type === "started" ? { ...l, executionId: event.executionId } : { ...l, progress: event })),
            )) ?? fail(answerLost))
          : answer;
      } catch {
        result = fail(answerLost);
      }
      startTransition(() => setStreamed(result));
    });
  }

  return { streamed, pending, live, now, start };
}
