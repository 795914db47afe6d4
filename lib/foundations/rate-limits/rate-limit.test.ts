import { createHash, randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { log } from "@/lib/foundations/log";
import { limitNames, type LimitName, type LimitRule } from "./limits";
import { asyncCommitStore, createRateLimits, type RateLimits } from "./rate-limit";

// Against the real (throw-away) database the migrations made: the table is the one production counts in.

const windows: Record<LimitName, number> = {
  signInPerAddress: 600,
  signInPerClient: 300,
  runs: 60,
  reports: 3600,
  testNow: 120,
  imports: 1800,
  connects: 900,
  api: 30,
  mcp: 45,
  capabilityRequests: 3600,
  draftChecks: 600,
  boardPosts: 3600,
  networkWrites: 3600,
  operatorRequests: 3600,
};
const two = (name: LimitName): LimitRule => ({ points: 2, durationSeconds: windows[name] });
const rules: Record<LimitName, LimitRule> = {
  signInPerAddress: two("signInPerAddress"),
  signInPerClient: two("signInPerClient"),
  runs: two("runs"),
  reports: two("reports"),
  testNow: two("testNow"),
  imports: two("imports"),
  connects: two("connects"),
  api: two("api"),
  mcp: two("mcp"),
  capabilityRequests: two("capabilityRequests"),
  draftChecks: two("draftChecks"),
  boardPosts: two("boardPosts"),
  networkWrites: two("networkWrites"),
  operatorRequests: two("operatorRequests"),
};

const made: { pool: pg.Pool; limits: RateLimits }[] = [];
function instance(connectionString = requireDatabaseUrl(), limitRules = rules) {
  const pool = new pg.Pool({ connectionString });
  const store = asyncCommitStore(pool);
  const limits = createRateLimits(store, limitRules);
  made.push({ pool, limits });
  return { limits, pool, store };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(async () => {
  // Batched counts are written before their pools close, so no write fails after the tests.
  await Promise.all(made.map(({ limits }) => limits.flush()));
  await Promise.all(made.map(({ pool }) => pool.end()));
});

const expectedWords: Record<LimitName, string> = {
  signInPerAddress: "Too many sign-in links asked for this address; try again in 10 minutes.",
  signInPerClient: "Too many sign-in links asked for from your network; try again in 5 minutes.",
  runs: "Too many runs in a short time; try again in 1 minute.",
  reports: "Too many reports in a short time; try again in 60 minutes.",
  testNow: "Too many tests asked for in a short time; try again in 2 minutes.",
  imports: "Too many imports in a short time; nothing was imported. Try again in 30 minutes.",
  connects: "Too many connections to MCP servers in a short time; try again in 15 minutes.",
  api: "Too many requests from this address; try again in 30 seconds.",
  mcp: "Too many requests from this address; try again in 45 seconds.",
  capabilityRequests: "Too many capability requests and votes in a short time; try again in 60 minutes.",
  draftChecks: "Too many saves and checks in a short time; the draft was not saved. Try again in 10 minutes.",
  boardPosts: "Too many board notes and keys in a short time; nothing was written. Try again in 60 minutes.",
  networkWrites: "Too many profiles, messages, mailbox changes, recoveries and reports in a short time; nothing was done. Try again in 60 minutes.",
  operatorRequests: "Too many requests and messages to the operator in a short time; nothing was sent. Try again in 60 minutes.",
};

describe("consume", () => {
  const { limits } = instance();

  it.each(limitNames)("%s lets N requests through and refuses the next with its Retry-After and words", async (name) => {
    const key = randomUUID();
    expect(await limits.consume(name, key)).toEqual({ ok: true });
    expect(await limits.consume(name, key)).toEqual({ ok: true });
    const refused = await limits.consume(name, key);
    if (refused.ok) throw new Error(`${name} let a third request through`);
    // The window started with the first request, a moment ago.
    expect(refused.retryAfterSeconds).toBeGreaterThan(windows[name] - 5);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(windows[name]);
    expect(refused.message).toBe(expectedWords[name]);
    // Refused requests do not move the window on.
    const again = await limits.consume(name, key);
    expect(again.ok === false && again.retryAfterSeconds <= refused.retryAfterSeconds).toBe(true);
  });

  it("counts each key, and each limit, in its own bucket", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await limits.consume("runs", a);
    await limits.consume("runs", a);
    expect((await limits.consume("runs", a)).ok).toBe(false);
    expect(await limits.consume("runs", b)).toEqual({ ok: true });
    expect(await limits.consume("reports", a)).toEqual({ ok: true });
  });

  it("lets the key through again once its window is over", async () => {
    const key = randomUUID();
    await limits.consume("api", key);
    await limits.consume("api", key);
    expect((await limits.consume("api", key)).ok).toBe(false);
    // The library reads the clock through Date.now; only that is moved, the database and sockets run as ever.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + windows.api * 1000 + 1000 });
    expect(await limits.consume("api", key)).toEqual({ ok: true });
  });

  it("keeps only digests of the keys", async () => {
    const email = `${randomUUID()}@example.com`;
    await limits.consume("signInPerAddress", email);
    const { pool } = instance();
    const rows = await pool.query<{ key: string }>(`SELECT key FROM "RateLimit" WHERE key LIKE 'signInPerAddress:%'`);
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((row) => row.key.includes(email))).toBe(false);
  });
});

describe("the counts' store", () => {
  it("commits counts without waiting for the disk, and only its own transactions, on the pool it shares", async () => {
    const { pool } = instance();
    const store = asyncCommitStore(pool);
    const counted = await store.query({ text: "SHOW synchronous_commit" });
    expect(counted.rows).toEqual([{ synchronous_commit: "off" }]);
    // The same connections, after the store's transactions: every other commit still waits.
    const others = await Promise.all(Array.from({ length: 12 }, () => pool.query("SHOW synchronous_commit")));
    expect(others.map((r) => r.rows[0])).toEqual(Array.from({ length: 12 }, () => ({ synchronous_commit: "on" })));
  });

  it("gives a connection back unused after a failed statement, so the next count finds a clean one", async () => {
    const { pool } = instance();
    const store = asyncCommitStore(pool);
    await expect(store.query({ text: "SELECT 1 / 0" })).rejects.toThrow(/division by zero/);
    expect((await store.query({ text: "SELECT 2 AS two" })).rows).toEqual([{ two: 2 }]);
    expect(pool.totalCount).toBeLessThanOrEqual(1);
  });
});

describe("two web servers", () => {
  it("share one bucket through the database", async () => {
    const one = instance().limits;
    const two = instance().limits;
    const key = randomUUID();
    expect(await one.consume("imports", key)).toEqual({ ok: true });
    expect(await two.consume("imports", key)).toEqual({ ok: true });
    const refusedByOne = await one.consume("imports", key);
    const refusedByTwo = await two.consume("imports", key);
    expect(refusedByOne.ok).toBe(false);
    expect(refusedByTwo.ok).toBe(false);
  });

  it("let exactly N of many simultaneous requests through", async () => {
    const servers = [instance().limits, instance().limits];
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => servers[i % 2]?.consume("testNow", key)));
    expect(results.filter((r) => r?.ok === true)).toHaveLength(2);
    expect(results.filter((r) => r?.ok === false)).toHaveLength(10);
  });
});

describe("the limits asked on every API request, counted in batches", () => {
  const fifty = { ...rules, api: { points: 50, durationSeconds: 30 }, mcp: { points: 50, durationSeconds: 30 } };

  it.each(["api", "mcp"] as const)("%s decides each request at once and writes a batch as one statement", async (name) => {
    const { limits, pool, store } = instance(undefined, fifty);
    const statements = vi.spyOn(store, "query");
    const key = randomUUID();
    for (let i = 0; i < 20; i += 1) expect(await limits.consume(name, key)).toEqual({ ok: true });
    expect(statements).not.toHaveBeenCalled();
    await limits.flush();
    expect(statements).toHaveBeenCalledTimes(1);
    const stored = `${name}:${createHash("sha256").update(key).digest("base64url")}`;
    const { rows } = await pool.query<{ points: number }>(`SELECT points FROM "RateLimit" WHERE key = $1`, [stored]);
    expect(rows[0]?.points).toBe(20);
  });

  it("writes on its own a moment after a request", async () => {
    const { limits, store } = instance(undefined, fifty);
    const query = store.query.bind(store);
    const written = new Promise((resolve) =>
      vi.spyOn(store, "query").mockImplementationOnce((statement) => {
        resolve(statement);
        return query(statement);
      }),
    );
    expect(await limits.consume("api", randomUUID())).toEqual({ ok: true });
    await expect(written).resolves.toBeDefined();
  });

  it("refuses a client over its limit on every server once their counts are written", async () => {
    const one = instance(undefined, fifty).limits;
    const two = instance(undefined, fifty).limits;
    const key = randomUUID();
    for (let i = 0; i < 20; i += 1) await one.consume("api", key);
    await one.flush();
    // The other server has not heard of the first one's 20 until it writes its own.
    for (let i = 0; i < 30; i += 1) expect(await two.consume("api", key)).toEqual({ ok: true });
    await two.flush();
    const refused = await two.consume("api", key);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("Too many requests from this address") });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(25);
    // The first still lets one through on what it read at its write; its next write says where the count stands.
    expect(await one.consume("api", key)).toEqual({ ok: true });
    await one.flush();
    expect((await one.consume("api", key)).ok).toBe(false);
  });

  it("still limits when the database cannot be reached, counting in this process", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    const { limits } = instance("postgresql://explore@127.0.0.1:1/explore");
    const key = randomUUID();
    expect(await limits.consume("api", key)).toEqual({ ok: true });
    await limits.flush();
    expect(await limits.consume("api", key)).toEqual({ ok: true });
    await limits.flush();
    expect(await limits.consume("api", key)).toMatchObject({ ok: false, message: expectedWords.api });
    expect(error).toHaveBeenCalledWith(
      "rate limit: the PostgreSQL store failed; counting in this process only",
      expect.objectContaining({ limit: "api", error: expect.anything() as unknown }),
    );
  });
});

describe("when the database cannot be reached", () => {
  it("says so in the log and still limits, counting in this process", async () => {
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    // Nothing listens on port 1 of loopback: every query fails at once.
    const { limits } = instance("postgresql://explore@127.0.0.1:1/explore");
    const key = randomUUID();
    expect(await limits.consume("runs", key)).toEqual({ ok: true });
    expect(await limits.consume("runs", key)).toEqual({ ok: true });
    const refused = await limits.consume("runs", key);
    expect(refused).toMatchObject({ ok: false, message: expectedWords.runs });
    expect(error).toHaveBeenCalledWith(
      "rate limit: the PostgreSQL store failed; counting in this process only",
      expect.objectContaining({ limit: "runs", error: expect.anything() as unknown }),
    );
  });
});
