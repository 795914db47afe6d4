// A request that fails because PostgreSQL cannot be reached (restarting, failing over, shutting down) is not a
// bug: it answers 503 with Retry-After and words, and the client tries again once the database is back.

/** Seconds a client should wait before asking again: a restart or a fail-over takes about that long. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = "Explore cannot reach its database just now. Try again in a few seconds.";

/** The digest a page's error boundary sees for such a failure (lib/db.ts stamps it; app/error.tsx reads it). */
export const DATABASE_UNAVAILABLE_DIGEST = "explore-database-unavailable";

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
 * error and an AggregateError's errors, a few levels deep, but never into a fetch's failure: a publisher's adapter refusing a connection is
 * not the database.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  if (field(error, "digest") === DATABASE_UNAVAILABLE_DIGEST) return true;
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
