import "server-only";
import { createHash } from "node:crypto";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { sharedPool } from "@/lib/foundations/db/pool";
import { log } from "@/lib/foundations/log";
import { BatchedCount } from "./batched-count";
import { batchedLimits, configuredRules, limitNames, refusalWords, type LimitName, type LimitRule } from "./limits";

// Rate limits counted in PostgreSQL (rate-limiter-flexible's RateLimiterPostgres), so every web server shares
// one count per limit and key. Over a limit is a value, not an exception: callers put the words in their result.
// The limits asked on every API request (batchedLimits) are counted in batches (batched-count.ts); the others
// exactly, a statement each.

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number; message: string };

export type RateLimits = {
  /** Counts one request of `key` (an email, a user ID, a client address) against the limit `name`. */
  consume(name: LimitName, key: string): Promise<RateLimitResult>;
  /** Writes the batched limits' counts held in this process now (they are otherwise written every few ms). */
  flush(): Promise<void>;
};

/** How often a batched limit's counts are written: a client may exceed its limit by what the servers answer in this time. */
const BATCH_MS = 100;

// Made by a Prisma migration (model RateLimit in prisma/schema.prisma, which says why), hence tableCreated.
const TABLE = "RateLimit";

type Limiter = { store: RateLimiterPostgres; memory: RateLimiterMemory; batched: BatchedCount | null };

function refused(name: LimitName, msBeforeNext: number): RateLimitResult {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return { ok: false, retryAfterSeconds, message: refusalWords(name, retryAfterSeconds) };
}

/**
 * Adds `points` to the shared count of `key`; the count as it now stands, `over` when past the limit. When the
 * database fails, this process's own count stands in, so a limit still holds until it is back.
 */
async function count(name: LimitName, limiter: Limiter, key: string, points: number): Promise<{ res: RateLimiterRes; over: boolean }> {
  try {
    return { res: await limiter.store.consume(key, points), over: false };
  } catch (rejection: unknown) {
    if (rejection instanceof RateLimiterRes) return { res: rejection, over: true };
    log.error("rate limit: the PostgreSQL store failed; counting in this process only", { limit: name, error: rejection });
  }
  try {
    return { res: await limiter.memory.consume(key, points), over: false };
  } catch (rejection: unknown) {
    if (rejection instanceof RateLimiterRes) return { res: rejection, over: true };
    throw rejection;
  }
}

/** Keys are stored as digests: the table holds no email or client address in clear, and every key fits. */
function digest(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

export function createRateLimits(store: CountStore, rules: Record<LimitName, LimitRule>): RateLimits {
  const limiters = new Map<LimitName, Limiter>();

  function limiterFor(name: LimitName): Limiter {
    const existing = limiters.get(name);
    if (existing) return existing;
    const options = { keyPrefix: name, points: rules[name].points, duration: rules[name].durationSeconds };
    const limiter: Limiter = {
      store: new RateLimiterPostgres({
        ...options,
        storeClient: store,
        storeType: "pool",
        tableName: TABLE,
        tableCreated: true,
        // All limits share the table, so one of them deleting expired rows (every 5 minutes) is enough.
        clearExpiredByTimeout: name === limitNames[0],
      }),
      memory: new RateLimiterMemory(options),
      batched: null,
    };
    if (batchedLimits.has(name)) {
      const rule = { points: rules[name].points, durationMs: rules[name].durationSeconds * 1000 };
      const write = async (key: string, points: number) => (await count(name, limiter, key, points)).res;
      limiter.batched = new BatchedCount(rule, write, BATCH_MS, (error) => log.error("rate limit: a count was not written", { limit: name, error }));
    }
    limiters.set(name, limiter);
    return limiter;
  }

  return {
    async consume(name, key) {
      const limiter = limiterFor(name);
      const hashed = digest(key);
      if (limiter.batched) {
        const decision = limiter.batched.take(hashed);
        return decision.ok ? { ok: true } : refused(name, decision.msBeforeNext);
      }
      const { res, over } = await count(name, limiter, hashed, 1);
      return over ? refused(name, res.msBeforeNext) : { ok: true };
    },
    async flush() {
      await Promise.all([...limiters.values()].map((limiter) => limiter.batched?.flush()));
    },
  };
}

/** What RateLimiterPostgres asks of its store: one statement at a time. */
export type CountStore = { query(statement: pg.QueryConfig): Promise<pg.QueryResult> };

/**
 * The rate limits' statements on a pool (the process's one, lib/foundations/db/pool.ts), each in a transaction that
 * commits without waiting for the write-ahead log to reach disk: a count lost in a crash costs nothing, while waiting
 * for the disk made every request that counts wait for a flush (20 clients on one key: 2,600 counts a second,
 * 13,000 without). Only these transactions: every other commit on the pool still waits.
 */
export function asyncCommitStore(pool: pg.Pool): CountStore {
  return {
    async query(statement) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN; SET LOCAL synchronous_commit TO off");
        const result = await client.query(statement);
        await client.query("COMMIT");
        client.release();
        return result;
      } catch (error) {
        // Not handed out again: it may be inside a failed transaction, or broken.
        client.release(true);
        throw error;
      }
    },
  };
}

declare global {
  // One set of limiters per process; in development modules reload, so it is kept on globalThis.
  var exploreRateLimits: RateLimits | undefined;
}

/** Counts one request against the configured limit `name`, shared with every other web server. */
export function consume(name: LimitName, key: string): Promise<RateLimitResult> {
  globalThis.exploreRateLimits ??= createRateLimits(asyncCommitStore(sharedPool()), configuredRules());
  return globalThis.exploreRateLimits.consume(name, key);
}
