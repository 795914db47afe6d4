// The shared response cache (lib/http/shared-cache.ts) sits in front of Next in the same process, but Next
// bundles its own copy of every module. This counter lives on globalThis so both copies see one value: the
// app bumps it when listings change, and the cache drops every answer it made before. Other processes (the
// CLI's import, other web servers) reach it through PostgreSQL: see listings-changed.ts.
//
// Each bump also records which agents' listings were written (null: not known), so the search index
// (lib/search/shared-index-live.ts) can take in just those agents instead of loading everything again. The
// record and the bump are one synchronous step: whoever reads a generation can ask what led to it.

const KEY = Symbol.for("explore.sharedCache.generation");
const WRITES = Symbol.for("explore.sharedCache.writes");

/** Generations whose writes are remembered; a reader further behind loads everything again. */
const REMEMBERED = 1_000;

/** The agents one generation's write changed, or null when that is not known (a gap, a write that did not say). */
export type ListingsWritten = readonly string[] | null;

type Holder = { [KEY]?: number; [WRITES]?: Map<number, ListingsWritten> };

/** The PostgreSQL NOTIFY channel of listing writes; the payload names the agents written (listingsPayload). */
export const LISTINGS_CHANGED_CHANNEL = "explore_listings_changed";

/** A NOTIFY payload is at most 8,000 bytes: past this many agents a write says "not known". */
const PAYLOAD_AGENTS = 200;
const AGENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The NOTIFY payload naming these agents: their ids separated by commas, or "" for "not known". */
export function listingsPayload(agents: ListingsWritten): string {
  if (agents === null || agents.length === 0 || agents.length > PAYLOAD_AGENTS || !agents.every((a) => AGENT_ID.test(a))) return "";
  return [...new Set(agents)].join(",");
}

/** The agents a NOTIFY payload names, or null ("" or anything not written by listingsPayload). */
export function listingsWrittenOf(payload: string): ListingsWritten {
  const agents = payload.split(",");
  return payload !== "" && agents.every((a) => AGENT_ID.test(a)) ? agents : null;
}

export function sharedCacheGeneration(): number {
  return (globalThis as Holder)[KEY] ?? 0;
}

/**
 * Anonymous pages and API answers stored so far are no longer served (call after any listing write), and
 * `written` (the agents the write changed; null when not known) is recorded for this new generation.
 */
export function forgetSharedResponses(written: ListingsWritten): void {
  const holder = globalThis as Holder;
  const generation = (holder[KEY] ?? 0) + 1;
  const writes = (holder[WRITES] ??= new Map());
  writes.set(generation, written);
  writes.delete(generation - REMEMBERED);
  holder[KEY] = generation;
}

/**
 * The agents written after generation `since` up to now, or null when any of those writes is not known or
 * no longer remembered.
 */
export function listingsWrittenSince(since: number): Set<string> | null {
  const holder = globalThis as Holder;
  const writes = holder[WRITES] ?? new Map<number, ListingsWritten>();
  const agents = new Set<string>();
  for (let g = since + 1; g <= sharedCacheGeneration(); g++) {
    const written = writes.get(g);
    if (!written) return null;
    for (const agent of written) agents.add(agent);
  }
  return agents;
}
