import "server-only";
import pg from "pg";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import type { RunEvent } from "./run-types";

// Run events (started, progress, finished) from the run action to the page's event stream. Web instances
// keep no state, and the action and the stream may land on different instances, so events travel through
// PostgreSQL LISTEN/NOTIFY: nothing is written to a table. Topics are `<userId>:<key>`, so a viewer can only
// ever receive the events of their own runs.

const CHANNEL = "explore_run_events";
const MAX_MESSAGE = 300;

type Listener = (event: RunEvent) => void;

const listeners = new Map<string, Set<Listener>>();
let connection: Promise<pg.Client> | undefined;

function connect(): Promise<pg.Client> {
  connection ??= (async () => {
    const client = new pg.Client({ connectionString: requireDatabaseUrl() });
    client.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.payload);
      } catch {
        return;
      }
      if (typeof parsed !== "object" || parsed === null || !("topic" in parsed) || !("event" in parsed)) return;
      const topic = parsed.topic;
      const event = readEvent(parsed.event);
      if (typeof topic !== "string" || event === null) return;
      for (const listener of listeners.get(topic) ?? []) listener(event);
    });
    // A dropped connection is made again by the next subscriber.
    client.on("error", () => {
      connection = undefined;
    });
    client.on("end", () => {
      connection = undefined;
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    return client;
  })();
  connection.catch(() => {
    connection = undefined;
  });
  return connection;
}

function readEvent(value: unknown): RunEvent | null {
  if (typeof value !== "object" || value === null || !("type" in value)) return null;
  if (value.type === "finished") return { type: "finished" };
  if (value.type === "started" && "executionId" in value && typeof value.executionId === "string") {
    return { type: "started", executionId: value.executionId };
  }
  if (value.type === "progress" && "progress" in value && typeof value.progress === "number") {
    const total = "total" in value && typeof value.total === "number" ? value.total : null;
    const message = "message" in value && typeof value.message === "string" ? value.message.slice(0, MAX_MESSAGE) : null;
    return { type: "progress", progress: value.progress, total, message };
  }
  return null;
}

export function runTopic(userId: string, key: string): string {
  return `${userId}:${key}`;
}

/** Listens for a topic's events; resolves once listening (so nothing published afterwards is missed). */
export async function subscribeRunEvents(topic: string, listener: Listener): Promise<() => void> {
  await connect();
  let set = listeners.get(topic);
  if (!set) {
    set = new Set();
    listeners.set(topic, set);
  }
  set.add(listener);
  return () => {
    const current = listeners.get(topic);
    current?.delete(listener);
    if (current && current.size === 0) listeners.delete(topic);
  };
}

/** Publishes one event; a failure only loses the event (the run itself goes on). */
export async function publishRunEvent(topic: string, event: RunEvent): Promise<void> {
  const clipped = event.type === "progress" && event.message !== null ? { ...event, message: event.message.slice(0, MAX_MESSAGE) } : event;
  try {
    await db.$executeRaw`SELECT pg_notify(${CHANNEL}, ${JSON.stringify({ topic, event: clipped })})`;
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

/** Closes the listening connection (tests, shutdown). */
export async function closeRunEvents(): Promise<void> {
  const current = connection;
  connection = undefined;
  listeners.clear();
  if (current) await (await current).end().catch(() => undefined);
}
