import type { RunEvent } from "./run-types";

// A run's progress event read back from JSON (the event stream the Run panel listens to, the progress bus): one
// reader, so what the server sends and what the page accepts cannot drift apart. Pure, safe in the browser.

export const MAX_PROGRESS_MESSAGE = 300;

/** The event a value describes, or null when it is not one of ours. */
export function readRunEvent(value: unknown): RunEvent | null {
  if (typeof value !== "object" || value === null || !("type" in value)) return null;
  if (value.type === "finished") return { type: "finished" };
  if (value.type === "started" && "executionId" in value && typeof value.executionId === "string") {
    return { type: "started", executionId: value.executionId };
  }
  if (value.type === "progress" && "progress" in value && typeof value.progress === "number") {
    const total = "total" in value && typeof value.total === "number" ? value.total : null;
    const message = "message" in value && typeof value.message === "string" ? value.message.slice(0, MAX_PROGRESS_MESSAGE) : null;
    return { type: "progress", progress: value.progress, total, message };
  }
  return null;
}
