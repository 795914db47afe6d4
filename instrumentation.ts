// Runs once when a Next server starts (the standalone server.js of deploy/web.sh, or `next dev`).
export async function register(): Promise<void> {
  // Next's own variable, read before anything Node-only is loaded (the edge runtime runs this file too).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // A configuration error stops the process: Next would otherwise stay up answering 500 to everything, and the
  // orchestrator would never see the instance fail.
  const { env } = await import("@/lib/env").catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  // `next build` starts servers of its own to prerender; they serve nobody.
  if (env.NEXT_PHASE === "phase-production-build") return;
  // Listing writes made anywhere (another instance, the CLI, the worker) move the listings' generation: search's
  // index patches in the written agents, and what search remembers per generation (typo corrections, facet
  // counts) starts again.
  const { listenForListingChanges } = await import("@/lib/catalog/listing-change-listener");
  listenForListingChanges();
  // Search for the shared audiences from memory (lib/search/memory/live.ts); PostgreSQL answers until
  // it is loaded, and whenever it is not current.
  if (env.EXPLORE_SEARCH_INDEX) {
    const { startSharedIndex } = await import("@/lib/search/memory/live");
    void startSharedIndex();
  }
}
