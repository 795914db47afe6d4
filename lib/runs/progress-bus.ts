import "server-only";
import { listen, publish, type Unsubscribe } from "@/lib/db-events";
import { MAX_PROGRESS_MESSAGE, readRunEvent } from "./run-event";
import type { RunEvent } from "./run-types";

// Run events (started, progress, finished) from the run action to the page's event stream. Web instances
// keep no state, and the action and the stream may land on different instances, so events travel through
// PostgreSQL LISTEN/NOTIFY (the process's one event connection, lib/db-events.ts): nothing is written to a
// table. Topics are `<userId>:<key>`, so a viewer can only ever receive the events of their own runs.

const CHANNEL = "explore_run_events";

type Listener = (event: RunEvent) => void;
type Message = { topic: string; event: RunEvent };

// Every subscriber's handler sees each notification in turn: the payload is parsed once, for the first.
let lastRead: { payload: string; message: Message | null } | undefined;

function readMessage(payload: string): Message | null {
  if (lastRead?.payload !== payload) lastRead = { payload, message: parseMessage(payload) };
  return lastRead.message;
}

function parseMessage(payload: string): Message | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || !("topic" in parsed) || !("event" in parsed)) return null;
  const topic = parsed.topic;
  const event = readRunEvent(parsed.event);
  return typeof topic === "string" && event !== null ? { topic, event } : null;
}


export function runTopic(userId: string, key: string): string {
  return `${userId}:${key}`;
}

/**
 * Listens for a topic's events; resolves once listening (so nothing published afterwards is missed). Events
 * sent while the event connection was down are lost: the run's own answer still comes back with the action.
 */
export async function subscribeRunEvents(topic: string, listener: Listener): Promise<Unsubscribe> {
  return listen(CHANNEL, (payload) => {
    const message = readMessage(payload);
    if (message?.topic === topic) listener(message.event);
  });
}

/** Publishes one event; a failure only loses the event (the run itself goes on). */
export async function publishRunEvent(topic: string, event: RunEvent): Promise<void> {
  const clipped = event.type === "progress" && event.message !== null ? { ...event, message: event.message.slice(0, MAX_PROGRESS_MESSAGE) } : event;
  try {
    await publish(CHANNEL, JSON.stringify({ topic, event: clipped }));
  } catch {
    // Progress is a courtesy; the answer still comes back with the action.
  }
}

/** At most one progress event per interval per run; the run's own answer always follows. */
export function throttledProgress(topic: string, intervalMs = 200): (p: { progress: number; total?: number; message?: string }) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    const final = p.total !== undefined && p.progress >= p.total;
    if (!final && now - last < intervalMs) return;
    last = now;
    void publishRunEvent(topic, { type: "progress", progress: p.progress, total: p.total ?? null, message: p.message ?? null });
  };
}
