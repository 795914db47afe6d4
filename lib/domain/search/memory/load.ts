import "server-only";
import pg from "pg";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { listingsAs } from "@/lib/model/catalog/views";
import { listingVisibleToAudienceSql } from "@/lib/model/catalog/visibility";
import { CAPABILITY_CLASSES } from "@/lib/model/agent-file/types";
import { NAME_ORDER_SQL } from "@/lib/domain/search/postgres/name-order";
import { priceSummaryOfPlans } from "./listing-cards";
import { SharedIndex } from "./shared-index";
import type { IndexedListing, IndexTag, ListingFacts, PatchOutcome, RankOptions, WrittenPlace } from "./types";

// What the in-memory index reads from PostgreSQL: a whole load from one snapshot (a REPEATABLE READ
// transaction, so listings and postings agree), the written agents' listings and their places for a patch, and
// the facts that change without a listing write. Kept current by live.ts.

const factsColumns = Prisma.sql`
  c."id", c."hasExample", c."lastTestPassed", c."agentEndpointPending" AS "endpointPending", s."reputation",
  coalesce(s."runs", 0) AS runs,
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

/** Listings read per statement while loading: each read is parsed between turns of the event loop (~25 ms). */
const CHUNK = 500;

/** A statement on the loading connection, its rows checked against `schema`. */
async function rowsOf<T>(client: pg.ClientBase, schema: z.ZodType<T>, statement: Prisma.Sql): Promise<T[]> {
  return z.array(schema).parse((await client.query(statement.text, statement.values)).rows);
}

/** The listings "adults" see (a superset of what "everyone" sees) among those `where` picks, with their postings. */
function listingsSql(where: Prisma.Sql, last: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
      SELECT ${factsColumns}, c."agentId", ${listingVisibleToAudienceSql("everyone")} AS everyone,
             c."agentHandle" AS "handle", c."agentDisplayName" AS "displayName", c."capabilityId", c."name", c."summary", c."category",
             c."class"::text AS class, c."version", c."planTerms" AS "priceSummary", (extract(epoch FROM c."updatedAt") * 1000)::float8 AS "updatedAt",
             c."isPaid", c."hasFreePlan" AS "hasFree",
             c."agentLanguages" AS "languages", c."processingRegions" AS regions, c."inputsRetained", c."usedForTraining", c."tagSlugs",
             c."nameWords", (extract(epoch FROM c."createdAt") * 1000)::float8 AS "createdAt", c."position",
             coalesce(w.words, '') AS words, coalesce(w.scores, ''::bytea) AS scores
      FROM ${listingsAs()} LEFT JOIN "CapabilityStats" s ON s."capabilityId" = c."id"
      LEFT JOIN LATERAL (
        SELECT string_agg(p."word", ' ') AS words, string_agg(float4send(p."score"), ''::bytea) AS scores FROM "SearchPosting" p WHERE p."capabilityId" = c."id"
      ) w ON TRUE
      WHERE ${listingVisibleToAudienceSql("adults")} AND ${where}
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
 * than the data layer): from `pool` (patches: the process's pool, lib/foundations/db/pool.ts, as a new connection
 * costs more than a patch's reads), or made for it (loads: one long read).
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
      Prisma.sql`SELECT count(*)::int AS n FROM ${listingsAs()} WHERE ${listingVisibleToAudienceSql("adults")}`,
    );
    // PostgreSQL's order by name (NAME_ORDER_SQL, with its collation), as a list of row ids: rows as arrays, a
    // million of them are one short read.
    const byNameSql = Prisma.sql`SELECT c."id" FROM ${listingsAs()}
      WHERE ${listingVisibleToAudienceSql("adults")} ORDER BY ${NAME_ORDER_SQL}`;
    const naming = performance.now();
    const named = await client.query<[string]>({ text: byNameSql.text, values: byNameSql.values, rowMode: "array" });
    const byName = z
      .array(z.tuple([z.string()]))
      .parse(named.rows)
      .map(([id]) => id);
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
    return Prisma.sql`(SELECT ${select} FROM ${listingsAs("p")}
      WHERE ${listingVisibleToAudienceSql("adults", "p")} AND p."agentId" <> ALL(${agents}::text[]) AND ${compared}
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
          FROM ${listingsAs()}
          WHERE ${listingVisibleToAudienceSql("adults")} AND c."agentId" = ANY(${agents}::text[])`,
      ),
    };
  }, pool);
}

/** Reads `agents`' listings again and patches them into `index` (SharedIndex.patch). */
export async function patchSharedIndex(index: SharedIndex, agents: string[], pool?: pg.Pool): Promise<PatchOutcome> {
  const { rows, tags, places } = await readWritten(agents, pool);
  return index.patch(agents, rows, tags, places);
}

export async function readFacts(ids: string[]): Promise<ListingFacts[]> {
  return z.array(factsSchema).parse(
    await db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT ${factsColumns}
      FROM ${listingsAs()} LEFT JOIN "CapabilityStats" s ON s."capabilityId" = c."id"
      WHERE c."id" = ANY(${ids}::text[])`),
  );
}
