// The shared response cache (lib/http/shared-cache.ts) sits in front of Next in the same process, but Next
// bundles its own copy of every module. This counter lives on globalThis so both copies see one value: the
// app bumps it when listings change, and the cache drops every answer it made before. Other processes (the
// CLI's import, other web servers) reach it through PostgreSQL: see listings-changed.ts.

const KEY = Symbol.for("explore.sharedCache.generation");

type Holder = { [KEY]?: number };

/** The PostgreSQL NOTIFY channel of listing writes. */
export const LISTINGS_CHANGED_CHANNEL = "explore_listings_changed";

export function sharedCacheGeneration(): number {
  return (globalThis as Holder)[KEY] ?? 0;
}

/** Anonymous pages and API answers stored so far are no longer served (call after any listing write). */
export function forgetSharedResponses(): void {
  const holder = globalThis as Holder;
  holder[KEY] = (holder[KEY] ?? 0) + 1;
}
