import { log } from "@/lib/foundations/log";

// A request that fails because PostgreSQL cannot be reached (restarting, failing over, shutting down) is not a
// bug: it answers 503 with Retry-After and words, and the client tries again once the database is back.

/** Seconds a client should wait before asking again: a restart or a fail-over takes about that long. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = "Explore cannot reach its database just now. Try again in a few seconds.";

/** The problem type (RFC 9457) of the 503, under /api/v1 (lib/edges/api/http.ts) and from other route handlers. */
export const DATABASE_UNAVAILABLE_PROBLEM = { type: "urn:explore:problem:unavailable", title: "Temporarily unavailable" } as const;

// Prisma's codes (@prisma/client/runtime, from the pg adapter's error kinds): can't reach the server, timed out
// reaching it, socket timeout, server closed the connection, timed out waiting for a pooled connection.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// The pg adapter's kinds for the same (@prisma/adapter-pg convertDriverError), as a DriverAdapterError's cause.
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout"]);
// PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown,
// 57P03 cannot_connect_now (starting up or shutting down).
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;
// Node's socket errors as pg reports them while connecting or on a dropped connection.
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH"]);
// pg's and pg-pool's own messages for a connection that died or never came (node_modules/pg/lib/client.js, pg-pool).
const PG_MESSAGES = new Set([
  "Connection terminated unexpectedly",
  "Connection terminated",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
]);

function field(value: object, name: string): unknown {
  return Reflect.get(value, name);
}

/**
 * Whether `error` says the database cannot be reached. Looks at the error, its `cause`, a Prisma error's adapter
 * error and an AggregateError's errors, a few levels deep, but never into a fetch's failure: a publisher's
 * adapter refusing a connection is not the database.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  if (error instanceof TypeError && error.message === "fetch failed") return false;
  const code = field(error, "code");
  if (typeof code === "string" && (PRISMA_CODES.has(code) || SQLSTATE.test(code) || SOCKET_CODES.has(code))) return true;
  const kind = field(error, "kind");
  if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
  const message = field(error, "message");
  if (typeof message === "string" && PG_MESSAGES.has(message)) return true;
  // A raw query's failure (P2010) carries the adapter's error in its meta.
  const meta = field(error, "meta");
  const adapterError = typeof meta === "object" && meta !== null ? field(meta, "driverAdapterError") : undefined;
  const nested = error instanceof AggregateError ? error.errors : [];
  return [field(error, "cause"), adapterError, ...nested].some((e) => isDatabaseUnavailable(e, depth + 1));
}

/** Headers of a 503 for an unreachable database: never stored by a cache, and when to ask again. */
export function databaseUnavailableHeaders(): Record<string, string> {
  return { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
}

/** The 503 problem for an unreachable database, for route handlers outside the public API's `handle`. */
export function databaseUnavailableResponse(instance?: string): Response {
  const problem = { ...DATABASE_UNAVAILABLE_PROBLEM, status: 503, detail: DATABASE_UNAVAILABLE_MESSAGE, ...(instance ? { instance } : {}) };
  return new Response(JSON.stringify(problem), {
    status: 503,
    headers: { ...databaseUnavailableHeaders(), "Content-Type": "application/problem+json; charset=utf-8" },
  });
}

/**
 * A route handler that answers 503 (databaseUnavailableResponse) instead of Next's bare 500 while the database
 * cannot be reached; any other failure goes on as thrown.
 */
export function answeringUnavailable<A extends [Request, ...unknown[]]>(handler: (...args: A) => Promise<Response>): (...args: A) => Promise<Response> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const path = new URL(args[0].url).pathname;
      log.warn("the database cannot be reached", { path, error });
      return databaseUnavailableResponse(path);
    }
  };
}
