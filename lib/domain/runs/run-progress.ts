import "server-only";
import type { ToolProgress } from "@/lib/domain/adapters/mcp-call";
import type { RunFormResult, RunStreamEvent } from "./run-form-state";

// A run's events travel in the run action's own response (a ReadableStream the page reads as it arrives),
// so they need neither a second request nor the database: whichever instance runs the call streams them.

/** The longest progress message passed on: a publisher's message is shown, not stored, and a page line is short. */
export const MAX_PROGRESS_MESSAGE = 300;

export type RunHooks = { onStarted: (executionId: string) => void; onProgress: (p: ToolProgress) => void };

/** At most one progress event per interval (and always the last step): the page redraws no faster than that. */
export function throttledProgress(send: (event: RunStreamEvent) => void, intervalMs: number): (p: ToolProgress) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (p) => {
    const now = Date.now();
    const final = p.total !== undefined && p.progress >= p.total;
    if (!final && now - last < intervalMs) return;
    last = now;
    send({ type: "progress", progress: p.progress, total: p.total ?? null, message: p.message?.slice(0, MAX_PROGRESS_MESSAGE) ?? null });
  };
}

/**
 * The run's events as they happen: "started" (its execution ID, for Cancel), throttled "progress", and last its
 * answer. The run starts at once, in the request that asked for it; a reader that goes away stops only the
 * events, never the run (its record is finished all the same).
 */
export function runEvents(run: (hooks: RunHooks) => Promise<RunFormResult>, intervalMs = 200): ReadableStream<RunStreamEvent> {
  let open = true;
  return new ReadableStream<RunStreamEvent>({
    start(controller) {
      const send = (event: RunStreamEvent) => {
        if (!open) return;
        try {
          controller.enqueue(event);
        } catch {
          open = false;
        }
      };
      run({ onStarted: (executionId) => send({ type: "started", executionId }), onProgress: throttledProgress(send, intervalMs) }).then(
        (result) => {
          send({ type: "answer", result });
          if (open) controller.close();
          open = false;
        },
        (error: unknown) => {
          if (open) controller.error(error);
          open = false;
        },
      );
    },
    cancel() {
      open = false;
    },
  });
}
