import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { listingVisibleSql, listingVisibleToAudienceSql } from "@/lib/model/catalog/visibility";
import type { SearchFilters } from "@/lib/domain/search/filters";
import type { Facets } from "@/lib/domain/search/facet-rows";
import type { EngineSearch, PageRequest, SearchEngine } from "@/lib/domain/search/engine";
import { findByPostings, matchesFromPostings, type Sampling } from "./postings";
import { sharedAudience } from "@/lib/domain/search/audience";
import type { MeantWord } from "@/lib/domain/search/words";
import { audienceFacets, countFacetsUncached, SAMPLING } from "./facets";
import { fromSql, needsStats, orderReadOf, orderSql, whereSql } from "./sql";

// The PostgreSQL engine: answers any viewer through THE visibility rule. A page by relevance is read from the
// postings when they can answer it (postings.ts), any other by the statement that ranks every match; counts
// are one statement (facets.ts), shared by a shared audience for a few seconds.

/** The statement that ranks every match: for each search the postings cannot answer (`limit` rows). */
async function everyMatchSql(viewer: Viewer | null, f: SearchFilters, words: MeantWord[] | null, page: PageRequest & { now: Date }): Promise<Prisma.Sql> {
  const { sort, limit, offset, now } = page;
  const read = sort === "name" || needsStats(sort) ? await orderReadOf(f, words) : "walk";
  const visible = listingVisibleSql(viewer, now);
  // Few matches, found and sorted: found from the words' postings (a hash of each word's), not by ANDing the
  // full-text index's bitmaps of every word and reading each row to check it (two words, "most run": ~60 ms).
  const found = read === "sort" && words ? await matchesFromPostings(words) : null;
  const where = found ? Prisma.sql`c."id" IN (${found}) AND ${whereSql(visible, { ...f, query: null }, null, now)}` : whereSql(visible, f, words, now);
  return Prisma.sql`
    SELECT c."id" FROM ${fromSql(sort)}
    WHERE ${where}
    ORDER BY ${orderSql(f.query, words, sort, read)}
    LIMIT ${limit} OFFSET ${offset}`;
}

/** The ids of a page by ranking every match: what the postings are held to in tests. */
export async function everyMatchIds(search: EngineSearch, page: PageRequest): Promise<string[]> {
  const query = await everyMatchSql(search.viewer, search.filters, search.words, { ...page, now: search.now });
  return z
    .array(z.object({ id: z.string() }))
    .parse(await db.$queryRaw<unknown[]>(query))
    .map((r) => r.id);
}

export class PostgresEngine implements SearchEngine {
  readonly kind = "postgres";
  /** `sampling`: more than this many matches are counted on a sample (null: always counted whole). */
  constructor(private readonly sampling: Sampling | null = SAMPLING) {}

  async pageIds(search: EngineSearch, page: PageRequest): Promise<string[]> {
    const { viewer, filters: f, words, now } = search;
    if (page.sort === "relevance" && words && words.length > 0) {
      const where = whereSql(listingVisibleSql(viewer, now), { ...f, query: null }, null, now);
      const ids = await findByPostings({ words, where, limit: page.limit, offset: page.offset });
      if (ids) return ids;
    }
    return everyMatchIds(search, page);
  }

  /**
   * Counted for this viewer's visibility; a viewer of a shared audience shares the audience's counts. More than
   * 10,000 matches may be estimated from a sample (`sampling`).
   */
  async facets(search: EngineSearch): Promise<Facets> {
    const { viewer, filters, now } = search;
    const audience = await sharedAudience(viewer, now);
    if (audience === null) return countFacetsUncached(listingVisibleSql(viewer, now), filters, now, this.sampling);
    return audienceFacets(audience, listingVisibleToAudienceSql(audience), filters, now, this.sampling);
  }

  async total(search: EngineSearch): Promise<number> {
    const { viewer, filters, words, now } = search;
    const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT count(*)::int AS n FROM ${fromSql(null)} WHERE ${whereSql(listingVisibleSql(viewer, now), filters, words, now)}`);
    return z.array(z.object({ n: z.number() })).parse(raw)[0]?.n ?? 0;
  }
}

/** The PostgreSQL engine as searches use it (facets sampled beyond 10,000 matches). */
export const postgresEngine = new PostgresEngine();
