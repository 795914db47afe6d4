// Runs once when a Next server starts: scripts/serve.ts and `next start` alike.
export async function register(): Promise<void> {
  // Next's own variable, read before anything Node-only is loaded (the edge runtime runs this file too).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/lib/env");
  // `next build` starts servers of its own to prerender; they serve nobody.
  if (env.NEXT_PHASE === "phase-production-build") return;
  // Listing writes made anywhere (another server, the CLI, the worker) move the listings' generation: the
  // shared cache in front (scripts/serve.ts) and what search remembers per generation (typo corrections,
  // facet counts) start again. Without it, `next start` or `--no-shared-cache` never heard other processes.
  const { listenForListingChanges } = await import("@/lib/http/listings-changed");
  listenForListingChanges();
  // Search for the shared audiences from memory (lib/search/shared-index-live.ts); PostgreSQL answers until
  // it is loaded, and whenever it is not current.
  if (env.EXPLORE_SEARCH_INDEX) {
    const { startSharedIndex } = await import("@/lib/search/shared-index-live");
    void startSharedIndex();
  }
}
