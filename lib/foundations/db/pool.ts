import "server-only";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { noteFailure } from "./outage";

// THE PostgreSQL pool of a process: Prisma's queries (client.ts), the rate limits' counts and the search index's
// patches all take their connections from it. Only what must hold a connection of its own has one: LISTEN
// (events.ts), the worker's queue (pg-boss) and the index's first load, one long snapshot read.

declare global {
  // One pool per process; in development modules reload, so it is kept on globalThis.
  var explorePool: pg.Pool | undefined;
}

/** The process's pool, made on first use. */
export function sharedPool(): pg.Pool {
  // Prisma ends it on $disconnect (client.ts): a later use, in a script or a test, makes it again.
  if (globalThis.explorePool && !globalThis.explorePool.ended) return globalThis.explorePool;
  const pool = new pg.Pool({ connectionString: requireDatabaseUrl(), application_name: `explore (pid ${process.pid})` });
  // An idle connection PostgreSQL drops (a restart, a fail-over) tells proxy.ts of the outage before a page meets it;
  // heard here, whoever used the pool first, it cannot end the process.
  pool.on("error", noteFailure);
  globalThis.explorePool = pool;
  return pool;
}
