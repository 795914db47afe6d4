// What the web process knows of listing writes made anywhere: a generation that moves with each write, and
// which agents each write changed (null: not known). Writes in this process note themselves when they commit
// (lib/model/catalog/listing-writes.ts); writes elsewhere (another web instance, the worker, the CLI's import) arrive
// through PostgreSQL (listing-change-listener.ts). Search's index (lib/domain/search/memory/live.ts) patches in
// just the agents written, and what search remembers per generation (typo corrections, facet counts) starts again.
//
// The state lives on globalThis: Next bundles instrumentation.ts (which starts the listener) apart from the app's
// routes, so each may hold its own copy of this module, and both must see one generation.

import { randomUUID } from "node:crypto";

const KEY = Symbol.for("explore.listings.generation");
const WRITES = Symbol.for("explore.listings.writes");
const PROCESS = Symbol.for("explore.listings.process");
const WITHHELD = Symbol.for("explore.listings.withheld");
const LISTENERS = Symbol.for("explore.listings.listeners");

/** Generations whose writes are remembered; a reader further behind loads everything again. */
const REMEMBERED = 1_000;

/** The agents one generation's write changed, or null when that is not known (a gap, a write that did not say). */
export type ListingsWritten = readonly string[] | null;

type Holder = { [KEY]?: number; [WRITES]?: Map<number, ListingsWritten>; [PROCESS]?: string; [WITHHELD]?: number; [LISTENERS]?: Set<() => void> };

/** The PostgreSQL NOTIFY channel of listing writes; the payload names the agents written (listingsPayload). */
export const LISTINGS_CHANGED_CHANNEL = "explore_listings_changed";

/** A NOTIFY payload is at most 8,000 bytes: past this many agents a write says "not known". */
const PAYLOAD_AGENTS = 200;
const AGENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAYLOAD = /^([0-9a-f-]{36});(.*)$/;

/** This process, as the payloads it sends name it (one value for Next's copy of this module and the server's). */
function thisProcess(): string {
  return ((globalThis as Holder)[PROCESS] ??= randomUUID());
}

/** The NOTIFY payload of a write: the writing process, ";", the agents' ids separated by commas, or none for "not known". */
export function listingsPayload(agents: ListingsWritten): string {
  const known = agents !== null && agents.length > 0 && agents.length <= PAYLOAD_AGENTS && agents.every((a) => AGENT_ID.test(a));
  return `${thisProcess()};${known ? [...new Set(agents)].join(",") : ""}`;
}

/** The agents a NOTIFY payload names, or null ("not known", or anything listingsPayload did not write). */
export function listingsWrittenOf(payload: string): ListingsWritten {
  const [, from, ids] = PAYLOAD.exec(payload) ?? [];
  const agents = (ids ?? "").split(",");
  return from !== undefined && agents.every((a) => AGENT_ID.test(a)) ? agents : null;
}

/**
 * Whether this process sent the payload: its write was noted when it committed here (noteListingsWritten), so
 * hearing it again changes nothing.
 */
export function sentHere(payload: string): boolean {
  return PAYLOAD.exec(payload)?.[1] === thisProcess();
}

export function listingsGeneration(): number {
  return (globalThis as Holder)[KEY] ?? 0;
}

/** A new generation, after a listing write that changed `written` (the agents; null when not known). */
export function noteListingsWritten(written: ListingsWritten): void {
  const holder = globalThis as Holder;
  const generation = (holder[KEY] ?? 0) + 1;
  const writes = (holder[WRITES] ??= new Map());
  writes.set(generation, written);
  writes.delete(generation - REMEMBERED);
  holder[KEY] = generation;
  for (const listener of holder[LISTENERS] ?? []) listener();
}

/**
 * Calls `listener` after each new generation (the search index starts reading the written agents at once, not
 * at the next search); it must not throw. Returns what stops it.
 */
export function afterListingsWritten(listener: () => void): () => void {
  const listeners = ((globalThis as Holder)[LISTENERS] ??= new Set());
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The agents written after generation `since` up to now, or null when any of those writes is not known or
 * no longer remembered.
 */
export function listingsWrittenSince(since: number): Set<string> | null {
  const holder = globalThis as Holder;
  const writes = holder[WRITES] ?? new Map<number, ListingsWritten>();
  const agents = new Set<string>();
  for (let g = since + 1; g <= listingsGeneration(); g++) {
    const written = writes.get(g);
    if (!written) return null;
    for (const agent of written) agents.add(agent);
  }
  return agents;
}

/**
 * How many searches so far were answered from a search index that withholds listings written a moment ago (until
 * they are patched in: lib/domain/search/memory/live.ts). An answer made while this moved may lack them, so the
 * public API does not offer it to the HTTP cache in front, though the generation did not move.
 */
export function withheldAnswers(): number {
  return (globalThis as Holder)[WITHHELD] ?? 0;
}

/** Called by a search answered while written listings are withheld. */
export function answerWithheld(): void {
  const holder = globalThis as Holder;
  holder[WITHHELD] = (holder[WITHHELD] ?? 0) + 1;
}
