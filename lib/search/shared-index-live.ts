import "server-only";
import pg from "pg";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { listen, type Unsubscribe } from "@/lib/db-events";
import { log } from "@/lib/log";
import { requireDatabaseUrl } from "@/lib/env";
import { capabilityVisibleToAudienceSql } from "@/lib/catalog/visibility";
import { afterListingsWritten, answerWithheld, listingsWrittenSince, listingsGeneration } from "@/lib/catalog/listing-changes";
import { CAPABILITY_CLASSES } from "@/lib/agent-file/types";
import { priceSummaryOfPlans } from "./listing-cards";
import { SharedIndex, type IndexedListing, type IndexTag, type ListingFacts, type PatchOutcome, type RankOptions, type WrittenPlace } from "./shared-index";

// The web process's index of what the shared audiences see (shared-index.ts), kept current:
// - Loaded from one snapshot of PostgreSQL (a REPEATABLE READ transaction), so listings and postings agree.
// - A listing write anywhere moves the listings' generation (lib/catalog/listing-change-listener.ts). The write names
//   the agents it changed (lib/catalog/listing-writes.ts): those agents' listings are read again at once and
//   patched in (SharedIndex.patch), milliseconds later, and until then searches are answered from
//   the index with those agents' listings withheld (what a write hid is hidden at once; what it added or
//   changed appears when the patch lands). A write that names
//   none, a gap, or a patch that does not fit asks for a fresh load (at most one at a time, and not sooner
//   than `reloadGapMs` after the last one); until it lands search asks PostgreSQL, as it does while the first
//   load runs.
// - Sample tests and runs change "sample-tested", "unreachable", reputation and "most run" without a listing write:
//   triggers NOTIFY each such capability's id on CAPABILITY_FACTS_CHANNEL (migration …_capability_facts_notify),
//   and those listings' facts are read again and updated in place, milliseconds later. A gap in the event
//   connection drops the index (it is loaded again).
// It lives on globalThis: instrumentation.ts starts it, and Next bundles its own copy of this module for pages
// and routes.

/** Triggers NOTIFY a capability's id here when its latest test, its latest pass, its reputation or its runs change. */
export const CAPABILITY_FACTS_CHANNEL = "explore_capability_facts";

const KEY = Symbol.for("explore.search.sharedIndex");
type Holder = { [KEY]?: LiveSharedIndex };

/**
 * For /api/health: whether search answers from memory now ("current"), from memory withholding the listings
 * written a moment ago until they are patched in ("patching"), once loaded ("loading"), or never ("off").
 */
export function sharedIndexState(): { state: "off" | "loading" | "patching" | "current"; listings: number | null } {
  const live = (globalThis as Holder)[KEY];
  if (live === undefined) return { state: "off", listings: null };
  const index = live.held();
  if (index) return { state: "current", listings: index.size };
  return live.patching() ? { state: "patching", listings: null } : { state: "loading", listings: null };
}

/**
 * The index to count with now, or null (not started, loading, or the listings changed since it was loaded in a
 * way a patch does not take in). While a patch is read it withholds the written agents' listings.
 */
export function currentSharedIndex(): SharedIndex | null {
  return (globalThis as Holder)[KEY]?.current() ?? null;
}

export type LiveSharedIndexOptions = { reloadGapMs?: number };

const factsColumns = Prisma.sql`
  c."id", c."hasExample", c."lastTestPassed", a."endpointPending", s."reputation", coalesce(s."runs", 0) AS runs,
  (extract(epoch FROM c."lastTestAt") * 1000)::float8 AS "lastTestAt",
  (extract(epoch FROM c."lastPassAt") * 1000)::float8 AS "lastPassAt"`;

const factsSchema = z.object({
  id: z.string(),
  hasExample: z.boolean(),
  lastTestPassed: z.boolean(),
  endpointPending: z.boolean(),
  reputation: z.number().nullable(),
  runs: z.number().int(),
  lastTestAt: z.number().nullable(),
  lastPassAt: z.number().nullable(),
});

const listingSchema = factsSchema.extend({
  agentId: z.string(),
  everyone: z.boolean(),
  handle: z.string(),
  displayName: z.string(),
  capabilityId: z.string(),
  name: z.string(),
  summary: z.string(),
  category: z.string(),
  class: z.enum(CAPABILITY_CLASSES),
  version: z.string(),
  priceSummary: z.string().transform(priceSummaryOfPlans),
  updatedAt: z.number().transform(Math.round),
  isPaid: z.boolean(),
  hasFree: z.boolean(),
  languages: z.array(z.string()),
  regions: z.array(z.string()),
  inputsRetained: z.boolean().nullable(),
  usedForTraining: z.boolean().nullable(),
  tagSlugs: z.array(z.string()).nullable(),
  nameWords: z.string(),
  createdAt: z.number().transform(Math.round),
  position: z.number().int(),
});

// A listing's postings travel as its words in one space-separated string (a lexeme holds no space) and their
// scores as one bytea of REALs (float4send): the index reads both in place, with no array per listing and no
// REAL written as text by PostgreSQL and read back here.
const indexedSchema = listingSchema.extend({ words: z.string(), scores: z.instanceof(Buffer) });
const tagSchema = z.object({ slug: z.string(), label: z.string() });
const neighbourSchema = z
  .tuple([z.string(), z.string()])
  .nullable()
  .transform((pair) => (pair === null ? null : { id: pair[0], nameWords: pair[1] }));
const placeSchema = z.object({
  id: z.string(),
  idOrder: z.number().int().positive(),
  nameOrder: z.number().int().positive(),
  idAfter: z.string().nullable(),
  idBefore: z.string().nullable(),
  nameAfter: neighbourSchema,
  nameBefore: neighbourSchema,
});

/** Tries of a misplaced patch (50, 100, … ms apart) before the index is loaded again. */
const MISPLACED_TRIES = 5;

/** Changed listings whose facts are read again in one statement. */
const FACTS_BATCH = 5_000;

/** The order by name (search.ts's): the name as its words, lowercased, then the row id; indexed. */
export const NAME_ORDER_SQL = Prisma.sql`c."nameWords" ASC, c."id" ASC`;

/** Listings read per statement while loading: each read is parsed between turns of the event loop (~25 ms). */
const CHUNK = 500;

/** A statement on the loading connection, its rows checked against `schema`. */
async function rowsOf<T>(client: pg.ClientBase, schema: z.ZodType<T>, statement: Prisma.Sql): Promise<T[]> {
  return z.array(schema).parse((await client.query(statement.text, statement.values)).rows);
}

// A listing's plans as its price summary words them (listing-cards.ts, priceSummaryOfPlans).
const planWordsSql = Prisma.sql`coalesce((
  SELECT jsonb_agg(jsonb_build_array(p."type", p."priceUsd", p."dailyLimit", p."extra" -> 'calls', p."extra" -> 'period') ORDER BY p."position")
  FROM "Plan" p WHERE p."capabilityId" = c."id")::text, '[]')`;

/** The listings "adults" see (a superset of what "everyone" sees) among those `where` picks, with their postings. */
function listingsSql(where: Prisma.Sql, last: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
      SELECT ${factsColumns}, c."agentId", ${capabilityVisibleToAudienceSql("everyone")} AS everyone,
             a."handle", a."displayName", c."capabilityId", c."name", c."summary", c."category", c."class"::text AS class,
             c."version", ${planWordsSql} AS "priceSummary", (extract(epoch FROM c."updatedAt") * 1000)::float8 AS "updatedAt", c."isPaid",
             c."hasFreePlan" AS "hasFree",
             a."languages", c."processingRegions" AS regions, c."inputsRetained", c."usedForTraining", c."tagSlugs",
             c."nameWords", (extract(epoch FROM c."createdAt") * 1000)::float8 AS "createdAt", c."position",
             coalesce(w.words, '') AS words, coalesce(w.scores, ''::bytea) AS scores
      FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId" LEFT JOIN "CapabilityStats" s ON s."capabilityId" = c."id"
      LEFT JOIN LATERAL (
        SELECT string_agg(p."word", ' ') AS words, string_agg(float4send(p."score"), ''::bytea) AS scores FROM "SearchPosting" p WHERE p."capabilityId" = c."id"
      ) w ON TRUE
      WHERE ${capabilityVisibleToAudienceSql("adults")} AND ${where}
      ${last}`;
}

/**
 * The listings "adults" see, in row-id order, CHUNK at a time, with their postings. The next chunk is asked for
 * before this one is parsed and indexed, so PostgreSQL reads it meanwhile (the load would otherwise wait on the
 * database about half of the time).
 */
async function* listingsOf(client: pg.ClientBase, chunkSize: number, timings: LoadTimings): AsyncGenerator<IndexedListing[]> {
  const read = (after: string) => {
    const statement = listingsSql(Prisma.sql`c."id" > ${after}`, Prisma.sql`ORDER BY c."id" LIMIT ${chunkSize}`);
    const rows = client.query<{ id: string }>(statement.text, statement.values).then((result) => result.rows);
    // Awaited on the next turn of the loop; until then a failure must not count as unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  let next = read("");
  for (;;) {
    const asked = performance.now();
    const rows = await next;
    timings.waitingMs += performance.now() - asked;
    const last = rows.at(-1);
    const more = rows.length === chunkSize && last !== undefined;
    if (more) next = read(last.id);
    if (rows.length > 0) yield z.array(indexedSchema).parse(rows);
    if (!more) return;
  }
}

/**
 * Where a load's time went, for its log line: reading the order by name, and waiting for the listings' chunks
 * (the rest is parsing and indexing them on this thread).
 */
export type LoadTimings = { namesMs: number; waitingMs: number };

function indexConnection(): pg.ClientConfig {
  return { connectionString: requireDatabaseUrl(), application_name: `explore search index (pid ${process.pid})` };
}

async function snapshotRead<T>(client: pg.ClientBase, read: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  const result = await read(client);
  await client.query("COMMIT");
  return result;
}

/**
 * A read-only snapshot on a connection of the index's own (the pg driver hands rows over several times faster
 * than the data layer): from `pool` (patches: a connection kept warm, as a new one costs more than a patch's
 * reads), or made for it (loads).
 */
async function inSnapshot<T>(read: (client: pg.ClientBase) => Promise<T>, pool?: pg.Pool): Promise<T> {
  if (pool) {
    const client = await pool.connect();
    try {
      const result = await snapshotRead(client, read);
      client.release();
      return result;
    } catch (error) {
      // Not handed out again: it may be inside a transaction.
      client.release(true);
      throw error;
    }
  }
  const client = new pg.Client(indexConnection());
  await client.connect();
  try {
    return await snapshotRead(client, read);
  } finally {
    await client.end();
  }
}

/** The connection patches read on: one, closed after a minute unused. */
export function patchPool(): pg.Pool {
  const pool = new pg.Pool({ ...indexConnection(), max: 1, idleTimeoutMillis: 60_000 });
  // An idle connection that drops is made again by the next patch; unheard, its error would end the process.
  pool.on("error", (error) => log.warn("the search index's connection failed while idle", { error }));
  return pool;
}

function tagsOf(client: pg.ClientBase): Promise<IndexTag[]> {
  return rowsOf(client, tagSchema, Prisma.sql`SELECT t."slug", t."label" FROM "Tag" t ORDER BY t."slug"`);
}

/**
 * An index of what the shared audiences see, as it is now, from one snapshot. The rows are parsed on the
 * server's one thread, between its requests. `chunk`: listings per read (tests).
 */
export async function loadSharedIndex(options: { chunk?: number; timings?: LoadTimings; rank?: RankOptions } = {}): Promise<SharedIndex> {
  const timings = options.timings ?? { namesMs: 0, waitingMs: 0 };
  return inSnapshot(async (client) => {
    const tags = await tagsOf(client);
    const [counted] = await rowsOf(
      client,
      z.object({ n: z.number().int() }),
      Prisma.sql`SELECT count(*)::int AS n FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId" WHERE ${capabilityVisibleToAudienceSql("adults")}`,
    );
    // PostgreSQL's order by name (search.ts's, with its collation), as a list of row ids: rows as arrays, a
    // million of them are one short read.
    const byNameSql = Prisma.sql`SELECT c."id" FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
      WHERE ${capabilityVisibleToAudienceSql("adults")} ORDER BY ${NAME_ORDER_SQL}`;
    const naming = performance.now();
    const named = await client.query<[string]>({ text: byNameSql.text, values: byNameSql.values, rowMode: "array" });
    const byName = z.array(z.tuple([z.string()])).parse(named.rows).map(([id]) => id);
    timings.namesMs = performance.now() - naming;
    return SharedIndex.build(counted?.n ?? 0, listingsOf(client, options.chunk ?? CHUNK, timings), tags, byName, { rank: options.rank });
  });
}

/**
 * The listings of `agents` "adults" see now, with their postings, and where each goes in PostgreSQL's orders by
 * row id and by name: between its neighbours there among every other agent's listings "adults" see (an index
 * probe each way), and among the agents' own listings.
 */
async function readWritten(agents: string[], pool?: pg.Pool): Promise<{ rows: IndexedListing[]; tags: IndexTag[]; places: WrittenPlace[] }> {
  const neighbour = (side: "<" | ">", select: Prisma.Sql, order: Prisma.Sql, id: boolean) => {
    const [op, direction] = [Prisma.raw(side), Prisma.raw(side === "<" ? "DESC" : "ASC")];
    const compared = id ? Prisma.sql`p."id" ${op} c."id"` : Prisma.sql`(p."nameWords", p."id") ${op} (c."nameWords", c."id")`;
    return Prisma.sql`(SELECT ${select} FROM "Capability" p JOIN "Agent" pa ON pa."id" = p."agentId"
      WHERE ${capabilityVisibleToAudienceSql("adults", "p", "pa")} AND p."agentId" <> ALL(${agents}::text[]) AND ${compared}
      ORDER BY ${order} ${direction} LIMIT 1)`;
  };
  const byId = (side: "<" | ">") => neighbour(side, Prisma.sql`p."id"`, Prisma.sql`p."id"`, true);
  // The order by name as NAME_ORDER_SQL writes it, both columns the same way.
  const byName = (side: "<" | ">") => {
    const direction = Prisma.raw(side === "<" ? "DESC" : "ASC");
    return neighbour(side, Prisma.sql`ARRAY[p."id", p."nameWords"]`, Prisma.sql`p."nameWords" ${direction}, p."id"`, false);
  };
  return inSnapshot(async (client) => {
    // Each neighbour is a row or two, but the planner sizes a memoize cache of agents for the whole catalog:
    // ~4 ms a probe at a million listings, against under 1 ms without it.
    await client.query("SET LOCAL enable_memoize = off");
    return {
      rows: await rowsOf(client, indexedSchema, listingsSql(Prisma.sql`c."agentId" = ANY(${agents}::text[])`, Prisma.empty)),
      tags: await tagsOf(client),
      places: await rowsOf(
        client,
        placeSchema,
        Prisma.sql`
          SELECT c."id", row_number() OVER (ORDER BY c."id")::int AS "idOrder", row_number() OVER (ORDER BY ${NAME_ORDER_SQL})::int AS "nameOrder",
                 ${byId("<")} AS "idAfter", ${byId(">")} AS "idBefore", ${byName("<")} AS "nameAfter", ${byName(">")} AS "nameBefore"
          FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
          WHERE ${capabilityVisibleToAudienceSql("adults")} AND c."agentId" = ANY(${agents}::text[])`,
      ),
    };
  }, pool);
}

/** Reads `agents`' listings again and patches them into `index` (SharedIndex.patch). */
export async function patchSharedIndex(index: SharedIndex, agents: string[], pool?: pg.Pool): Promise<PatchOutcome> {
  const { rows, tags, places } = await readWritten(agents, pool);
  return index.patch(agents, rows, tags, places);
}

async function readFacts(ids: string[]): Promise<ListingFacts[]> {
  return z.array(factsSchema).parse(
    await db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT ${factsColumns}
      FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId" LEFT JOIN "CapabilityStats" s ON s."capabilityId" = c."id"
      WHERE c."id" = ANY(${ids}::text[])`),
  );
}

export class LiveSharedIndex {
  readonly #reloadGapMs: number;
  #index: SharedIndex | null = null;
  /** The listings' generation the index holds: loaded at, or patched up to. */
  #generation = -1;
  /** The generation whose writes since #generation the index withholds (SharedIndex.withhold). */
  #withheldAt = -1;
  /** Patches misplaced in a row (PatchOutcome), and the timer that tries again. */
  #misplaced = 0;
  #retryPatch: NodeJS.Timeout | undefined;
  #loading: Promise<void> | null = null;
  #lastLoadAt = Number.NEGATIVE_INFINITY;
  #loads = 0;
  #patches = 0;
  /** Capabilities whose facts changed and are not read again yet; while loading, also kept for after it. */
  #pending = new Set<string>();
  #changedDuringLoad = new Set<string>();
  /**
   * A patch or a read of facts under way: one at a time, so facts read before a patch's snapshot never land
   * after it (and the reverse).
   */
  #busy: Promise<void> | null = null;
  #unsubscribe: Unsubscribe | null = null;
  #stopHearingWrites: (() => void) | null = null;
  #pool: pg.Pool | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(options: LiveSharedIndexOptions = {}) {
    this.#reloadGapMs = options.reloadGapMs ?? 10_000;
  }

  /** Listens for fact changes (trying again every second until it can), then loads; `loaded` tells when. */
  async start(): Promise<void> {
    try {
      const unsubscribe = await listen(CAPABILITY_FACTS_CHANNEL, (id) => this.#factsChanged(id), {
        onGap: () => {
          this.#index = null;
          this.#reload();
        },
      });
      if (this.#closed) return void (await unsubscribe());
      this.#unsubscribe = unsubscribe;
      this.#stopHearingWrites = afterListingsWritten(() => {
        // Called in the writer's turn, after its commit: a failure here must not fail the write.
        try {
          this.#next();
        } catch (error) {
          log.warn("cannot start reading the written listings; the next search tries again", { error });
        }
      });
      this.#reload();
    } catch (error) {
      log.warn("cannot listen for listing facts yet; searching in PostgreSQL", { error });
      if (!this.#closed) this.#retry = setTimeout(() => void this.start(), 1_000);
    }
  }

  /** The index if it is current, without asking for a load. */
  held(): SharedIndex | null {
    return this.#unsubscribe !== null && this.#generation === listingsGeneration() ? this.#index : null;
  }

  /** Not current, and the writes since its generation will be patched in (not loaded). */
  patching(): boolean {
    return this.#toPatch() !== null;
  }

  /** The agents written since the index's generation, when it is behind and a patch will take them in; else null. */
  #toPatch(): Set<string> | null {
    if (this.#unsubscribe === null || this.#index === null || this.#generation === listingsGeneration()) return null;
    return listingsWrittenSince(this.#generation);
  }

  current(): SharedIndex | null {
    if (this.#unsubscribe === null) return null;
    const [index, generation] = [this.#index, listingsGeneration()];
    if (index !== null && this.#generation === generation) return index;
    const written = this.#toPatch();
    if (index === null || written === null) {
      // Not used again: let it go before the next one is built, rather than hold both.
      this.#index = null;
      this.#reload();
      return null;
    }
    if (this.#withheldAt !== generation) {
      index.withhold(written);
      this.#withheldAt = generation;
    }
    answerWithheld();
    this.#next();
    return index;
  }

  /** How many loads have been installed (operations, tests). */
  get loads(): number {
    return this.#loads;
  }

  /** How many writes have been patched in without a load (operations, tests). */
  get patches(): number {
    return this.#patches;
  }

  /** Resolves when no load is running (tests: then `current()` answers, unless the listings changed again). */
  async loaded(): Promise<void> {
    while (this.#loading) await this.#loading;
  }

  /** Resolves when every write and fact change heard so far is in the index. */
  async settled(): Promise<void> {
    await this.loaded();
    this.#next();
    while (this.#busy) await this.#busy;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearTimeout(this.#retryPatch);
    this.#stopHearingWrites?.();
    await this.#unsubscribe?.();
    this.#unsubscribe = null;
    await this.loaded().catch(() => undefined);
    while (this.#busy) await this.#busy;
    await this.#pool?.end();
    this.#pool = null;
    this.#index = null;
  }

  #reload(): void {
    if (this.#closed || this.#loading || Date.now() - this.#lastLoadAt < this.#reloadGapMs) return;
    this.#lastLoadAt = Date.now();
    const generation = listingsGeneration();
    this.#changedDuringLoad = new Set();
    const started = performance.now();
    const timings: LoadTimings = { namesMs: 0, waitingMs: 0 };
    this.#loading = loadSharedIndex({ timings })
      .then((index) => {
        if (this.#closed) return;
        this.#index = index;
        this.#generation = generation;
        this.#withheldAt = -1;
        this.#misplaced = 0;
        this.#loads += 1;
        // Facts read before this snapshot must not stand in for newer ones the snapshot holds, nor older ones.
        for (const id of this.#changedDuringLoad) this.#pending.add(id);
        // Writes since `generation` are patched in next.
        this.#next();
        log.info("search index loaded", {
          listings: index.size,
          ms: Math.round(performance.now() - started),
          namesMs: Math.round(timings.namesMs),
          waitingForChunksMs: Math.round(timings.waitingMs),
          current: generation === listingsGeneration(),
        });
      })
      .catch((error: unknown) => log.warn("cannot load the search index; searching in PostgreSQL", { error }))
      .finally(() => {
        this.#loading = null;
      });
  }

  #factsChanged(id: string): void {
    if (this.#loading) this.#changedDuringLoad.add(id);
    this.#pending.add(id);
    this.#next();
  }

  /** Starts the next piece of work, if none is under way: a patch when the index is behind, else a read of facts. */
  #next(): void {
    if (this.#busy || this.#closed || this.#loading || this.#index === null) return;
    const index = this.#index;
    const work = this.#generation !== listingsGeneration() ? this.#patch(index) : this.#flush(index);
    if (!work) return;
    this.#busy = work
      .catch((error: unknown) => {
        log.warn("cannot bring the search index up to date; it is loaded again", { error });
        if (this.#index === index) this.#index = null;
      })
      .finally(() => {
        this.#busy = null;
        this.#next();
      });
  }

  /**
   * Patches in the agents written since the index's generation. Loads it again instead when that is not known,
   * when the patch does not fit, or when it stays misplaced: a neighbour the index does not hold as PostgreSQL
   * does is a write not heard of yet, which a try a little later includes.
   */
  #patch(index: SharedIndex): Promise<void> | null {
    if (this.#retryPatch) return null;
    const generation = listingsGeneration();
    const agents = listingsWrittenSince(this.#generation);
    if (agents === null) {
      this.#index = null;
      this.#reload();
      return null;
    }
    const started = performance.now();
    this.#pool ??= patchPool();
    return patchSharedIndex(index, [...agents], this.#pool).then((outcome) => {
      if (this.#index !== index) return;
      if (outcome === "patched") {
        this.#generation = generation;
        // What was written after this patch's snapshot is still withheld; nothing is once the index is current.
        index.withhold(listingsWrittenSince(generation) ?? new Set());
        this.#withheldAt = listingsGeneration();
        this.#patches += 1;
        this.#misplaced = 0;
        log.info("search index patched", { agents: agents.size, ms: Math.round(performance.now() - started) });
        return;
      }
      if (outcome === "misplaced" && this.#misplaced < MISPLACED_TRIES) {
        this.#misplaced += 1;
        this.#retryPatch = setTimeout(() => {
          this.#retryPatch = undefined;
          this.#next();
        }, 50 * this.#misplaced);
        this.#retryPatch.unref();
        return;
      }
      log.info("search index cannot take in the written listings; loading it again", { outcome, listings: index.size });
      this.#index = null;
      this.#reload();
    });
  }

  #flush(index: SharedIndex): Promise<void> | null {
    if (this.#pending.size === 0) return null;
    // At most FACTS_BATCH a read: the worker's move of the 30-day window can change thousands at once.
    const ids: string[] = [];
    for (const id of this.#pending) {
      ids.push(id);
      if (ids.length === FACTS_BATCH) break;
    }
    for (const id of ids) this.#pending.delete(id);
    return readFacts(ids).then((rows) => index.updateFacts(rows));
  }
}

/** Starts this process's shared index (instrumentation.ts); search answers from it once it is loaded. */
export async function startSharedIndex(options: LiveSharedIndexOptions = {}): Promise<LiveSharedIndex> {
  const holder = globalThis as Holder;
  const running = holder[KEY];
  if (running) return running;
  const live = new LiveSharedIndex(options);
  holder[KEY] = live;
  await live.start();
  return live;
}

/** Stops it (tests); search asks PostgreSQL again. */
export async function stopSharedIndex(): Promise<void> {
  const holder = globalThis as Holder;
  const live = holder[KEY];
  delete holder[KEY];
  await live?.close();
}
