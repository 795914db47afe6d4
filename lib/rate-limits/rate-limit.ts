import "server-only";
import { createHash } from "node:crypto";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { requireDatabaseUrl } from "@/lib/env";
import { configuredRules, limitNames, refusalWords, type LimitName, type LimitRule } from "./limits";

// Rate limits counted in PostgreSQL (rate-limiter-flexible's RateLimiterPostgres), so every web server shares
// one count per limit and key. Over a limit is a value, not an exception: callers put the words in their result.

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number; message: string };

export type RateLimits = {
  /** Counts one request of `key` (an email, a user ID, a client address) against the limit `name`. */
  consume(name: LimitName, key: string): Promise<RateLimitResult>;
};

// Made by a Prisma migration (model RateLimit in prisma/schema.prisma, which says why), hence tableCreated.
const TABLE = "RateLimit";

type Limiter = { store: RateLimiterPostgres; memory: RateLimiterMemory };

function refused(name: LimitName, res: RateLimiterRes): RateLimitResult {
  const retryAfterSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return { ok: false, retryAfterSeconds, message: refusalWords(name, retryAfterSeconds) };
}

/** Keys are stored as digests: the table holds no email or client address in clear, and every key fits. */
function digest(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

export function createRateLimits(pool: pg.Pool, rules: Record<LimitName, LimitRule>): RateLimits {
  const limiters = new Map<LimitName, Limiter>();

  function limiterFor(name: LimitName): Limiter {
    const existing = limiters.get(name);
    if (existing) return existing;
    const options = { keyPrefix: name, points: rules[name].points, duration: rules[name].durationSeconds };
    const limiter: Limiter = {
      store: new RateLimiterPostgres({
        ...options,
        storeClient: pool,
        storeType: "pool",
        tableName: TABLE,
        tableCreated: true,
        // All limits share the table, so one of them deleting expired rows (every 5 minutes) is enough.
        clearExpiredByTimeout: name === limitNames[0],
      }),
      memory: new RateLimiterMemory(options),
    };
    limiters.set(name, limiter);
    return limiter;
  }

  return {
    async consume(name, key) {
      const limiter = limiterFor(name);
      const hashed = digest(key);
      try {
        await limiter.store.consume(hashed);
        return { ok: true };
      } catch (rejection: unknown) {
        if (rejection instanceof RateLimiterRes) return refused(name, rejection);
        // The database failed: this process's own count stands in, so a limit still holds until it is back.
        console.error(`rate limit ${name}: the PostgreSQL store failed; counting in this process only:`, rejection);
      }
      try {
        await limiter.memory.consume(hashed);
        return { ok: true };
      } catch (rejection: unknown) {
        if (rejection instanceof RateLimiterRes) return refused(name, rejection);
        throw rejection;
      }
    },
  };
}

/**
 * A small pool of its own: Prisma's driver adapter keeps its pool to itself, and a count is one statement. Its
 * commits do not wait for the write-ahead log to reach disk: a count lost in a crash costs nothing, while waiting
 * for the disk made every API request wait for a flush (20 clients on one key: 2,600 counts a second, 13,000 without).
 */
export function createRateLimitPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 4, idleTimeoutMillis: 10_000, options: "-c synchronous_commit=off" });
  // An idle connection that breaks (a database restart) must not take the process down; the next query reconnects.
  pool.on("error", () => undefined);
  return pool;
}

declare global {
  // One pool per process; in development modules reload, so it is kept on globalThis (as lib/db.ts does).
  var exploreRateLimits: RateLimits | undefined;
}

/** Counts one request against the configured limit `name`, shared with every other web server. */
export function consume(name: LimitName, key: string): Promise<RateLimitResult> {
  globalThis.exploreRateLimits ??= createRateLimits(createRateLimitPool(requireDatabaseUrl()), configuredRules());
  return globalThis.exploreRateLimits.consume(name, key);
}
