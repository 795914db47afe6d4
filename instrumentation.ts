import type { Instrumentation } from "next";

// Runs once when a Next server starts (deploy/web.sh's standalone server, `next start`, `next dev`).
export async function register(): Promise<void> {
  // Next's own variable, read before anything Node-only is loaded (the edge runtime runs this file too).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/lib/env");
  // `next build` starts servers of its own to prerender; they serve nobody.
  if (env.NEXT_PHASE === "phase-production-build") return;
  // Before anything serves a request: Next opens a span per request only once a tracer provider is registered, and
  // its trace id is each log line's requestId (lib/log.ts). Traces leave the process only where OTEL_* says.
  const { startTracing } = await import("@/lib/operations/tracing");
  startTracing(env);
  // Listing writes made anywhere (another web instance, the CLI, the worker) move the listings' generation: what
  // search remembers per generation (typo corrections, facet counts) starts again.
  const { listenForListingChanges } = await import("@/lib/http/listings-changed");
  listenForListingChanges();
  // Search for the shared audiences from memory (lib/search/shared-index-live.ts); PostgreSQL answers until
  // it is loaded, and whenever it is not current.
  if (env.EXPLORE_SEARCH_INDEX) {
    const { startSharedIndex } = await import("@/lib/search/shared-index-live");
    void startSharedIndex();
  }
}

// An error no route caught (a page, a route handler, a server action or the proxy threw): one log line with the
// error and where it happened, inside the request's context, so it carries the request's requestId.
export async function onRequestError(...[error, request, context]: Parameters<Instrumentation.onRequestError>): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { log } = await import("@/lib/log");
  log.error("the request failed", {
    error,
    method: request.method,
    path: request.path,
    route: context.routePath,
    routeType: context.routeType,
    ...(context.renderSource ? { renderSource: context.renderSource } : {}),
  });
}
