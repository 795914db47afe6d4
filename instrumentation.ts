import type { Instrumentation } from "next";

// Runs once when a Next server starts (the standalone server.js of deploy/web.sh, or `next dev`).
export async function register(): Promise<void> {
  // Next's own variable, read before anything Node-only is loaded (the edge runtime runs this file too).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // A configuration error stops the process: Next would otherwise stay up answering 500 to everything, and the
  // orchestrator would never see the instance fail.
  const { env } = await import("@/lib/foundations/env").catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  // `next build` starts servers of its own to prerender; they serve nobody.
  if (env.NEXT_PHASE === "phase-production-build") return;
  // Before anything serves a request: Next opens a span per request only once a tracer provider is registered, and
  // its trace id is each log line's requestId (lib/foundations/log.ts). Traces leave the process only where OTEL_* says.
  const { startTracing } = await import("@/lib/edges/operations/tracing");
  try {
    startTracing(env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // Listing writes made anywhere (another instance, the CLI, the worker) move the listings' generation: search's
  // index patches in the written agents, and what search remembers per generation (typo corrections, facet
  // counts) starts again.
  const { listenForListingChanges } = await import("@/lib/model/catalog/listing-change-listener");
  const listener = listenForListingChanges();
  // Search for the shared audiences from memory (lib/domain/search/memory/live.ts); PostgreSQL answers until
  // it is loaded, and whenever it is not current. Its load begins once writes are heard.
  if (env.EXPLORE_SEARCH_INDEX) {
    const { startSharedIndex } = await import("@/lib/domain/search/memory/live");
    void startSharedIndex({ listening: listener.listening });
  }
}

// An error no route caught (a page, a route handler, a server action or the proxy threw): one log line with the
// error and where it happened, inside the request's context, so it carries the request's requestId.
export async function onRequestError(...[error, request, context]: Parameters<Instrumentation.onRequestError>): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ log }, { noteFailure }] = await Promise.all([import("@/lib/foundations/log"), import("@/lib/foundations/db/outage")]);
  // A page that failed because PostgreSQL is out: the next pages answer 503 until it is back (proxy.ts).
  noteFailure(error);
  log.error("the request failed", {
    error,
    method: request.method,
    path: request.path,
    route: context.routePath,
    routeType: context.routeType,
    ...(context.renderSource ? { renderSource: context.renderSource } : {}),
  });
}
