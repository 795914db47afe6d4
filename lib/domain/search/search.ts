import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { findCardsByRowIds } from "@/lib/model/catalog/queries";
import type { CardListing } from "@/lib/model/catalog/read-model";
import { cardExtras, type CardExtras } from "@/lib/domain/listings/cards";
import type { PageSort, SearchFilters, Sort } from "./filters";
import type { WordCorrection } from "./typo-notice";
import type { Sampling } from "./postgres/postings";
import type { Facets } from "./facet-rows";
import type { EngineSearch, SearchEngine } from "./engine";
import { sharedAudience } from "./audience";
import { queryCorrections, wordsOf } from "./words";
import { everyMatchIds, PostgresEngine, postgresEngine } from "./postgres/engine";
import { SAMPLING } from "./postgres/facets";
import { highlightsOf, type Highlight } from "./postgres/highlight";
import { MemoryEngine } from "./memory/engine";
import { currentSharedIndex } from "./memory/live";
import type { SharedIndex } from "./memory/shared-index";

// Search over listings, behind one interface (engine.ts). Each search is answered by one of two engines that
// answer alike: for the shared audiences (audienceOf: everyone, adults with 18+ on) the in-memory index
// (memory/) whenever this process holds a current one; otherwise, and always for publishers and administrators,
// PostgreSQL (postgres/). The query's words are read once for either (words.ts); a page's cards, figures and
// highlights are read from the catalog whichever engine found them.
//
// `index` (every function's last argument): the in-memory index to answer from when it can, this process's
// current one by default; tests pass null for PostgreSQL's answers, or an index of their own.

export type { Facets, FacetValue } from "./facet-rows";
export type { Highlighted, Highlight } from "./postgres/highlight";
export { splitHighlight } from "./postgres/highlight";
export { queryWords } from "./query-words";
export { queryCorrections };

export type MatchedRow = {
  /** Capability row id (internal; callers hydrate and drop it). */
  id: string;
  highlight: Highlight | null;
};

type SearchOptions = { sort: Sort; limit: number; offset: number; now: Date };

/**
 * The engine for this viewer's searches: the in-memory one over `index` for a viewer of a shared audience,
 * else PostgreSQL's (its facet counts sampled as `sampling` says).
 */
export async function engineFor(
  viewer: Viewer | null,
  now: Date,
  index: SharedIndex | null = currentSharedIndex(),
  sampling: Sampling | null = SAMPLING,
): Promise<SearchEngine> {
  if (index) {
    const audience = await sharedAudience(viewer, now);
    if (audience) return new MemoryEngine(index, audience);
  }
  return sampling === SAMPLING ? postgresEngine : new PostgresEngine(sampling);
}

async function searchOf(viewer: Viewer | null, f: SearchFilters, now: Date): Promise<EngineSearch> {
  return { viewer, filters: f, words: await wordsOf(f), now };
}

/** The ids of one page of matching listings, best first, and whether more follow (what the API needs). */
export async function findMatchingIds(
  viewer: Viewer | null,
  f: SearchFilters,
  options: SearchOptions,
  index: SharedIndex | null = currentSharedIndex(),
): Promise<{ ids: string[]; hasMore: boolean }> {
  const engine = await engineFor(viewer, options.now, index);
  // One more than the page, to tell whether more follow.
  const ids = await engine.pageIds(await searchOf(viewer, f, options.now), { sort: options.sort, limit: options.limit + 1, offset: options.offset });
  return { ids: ids.slice(0, options.limit), hasMore: ids.length > options.limit };
}

/** As findMatchingIds, in PostgreSQL, always by ranking every match: what the postings are held to in tests. */
export async function findMatchingIdsRankingEveryMatch(viewer: Viewer | null, f: SearchFilters, options: SearchOptions): Promise<string[]> {
  const ids = await everyMatchIds(await searchOf(viewer, f, options.now), { sort: options.sort, limit: options.limit + 1, offset: options.offset });
  return ids.slice(0, options.limit);
}

/** One page of matching listings, best first, with the words marked in each (what searches are held to in tests). */
export async function findMatchingServices(
  viewer: Viewer | null,
  f: SearchFilters,
  options: SearchOptions,
  index: SharedIndex | null = currentSharedIndex(),
): Promise<{ rows: MatchedRow[]; hasMore: boolean }> {
  const { ids, hasMore } = await findMatchingIds(viewer, f, options, index);
  const highlights = await highlightsOf(ids, f);
  return { rows: ids.map((id) => ({ id, highlight: highlights.get(id) ?? null })), hasMore };
}

/**
 * The facet counts of a search for this viewer: exact from the in-memory index; in PostgreSQL, more than 10,000
 * matches may be estimated from a sample (`sampling`).
 */
export async function countFacets(
  viewer: Viewer | null,
  f: SearchFilters,
  now: Date,
  sampling: Sampling | null = SAMPLING,
  index: SharedIndex | null = currentSharedIndex(),
): Promise<Facets> {
  const engine = await engineFor(viewer, now, index, sampling);
  return engine.facets(await searchOf(viewer, f, now));
}

/** How many listings match a search for this viewer (no facets): e.g. what 18+ would add. */
export async function countMatching(viewer: Viewer | null, f: SearchFilters, now: Date, index: SharedIndex | null = currentSharedIndex()): Promise<number> {
  const engine = await engineFor(viewer, now, index);
  return engine.total(await searchOf(viewer, f, now));
}

/** A search page's card: the listing as its card shows it, its figures and the words marked. */
export type SearchResult = CardListing & CardExtras & { highlight: Highlight | null };

/**
 * One page of the search page: the matches' ids, then their cards (read from the catalog, through the
 * visibility rule again), card figures and highlights at once; and facet counts.
 */
export async function searchServices(
  viewer: Viewer | null,
  f: SearchFilters,
  options: { sort: PageSort; page: number; pageSize: number },
  index: SharedIndex | null = currentSharedIndex(),
): Promise<{ results: SearchResult[]; hasMore: boolean; facets: Facets; corrections: WordCorrection[] }> {
  const now = new Date();
  const [found, facets, corrections] = await Promise.all([
    findMatchingIds(viewer, f, { sort: options.sort, limit: options.pageSize, offset: (options.page - 1) * options.pageSize, now }, index),
    countFacets(viewer, f, now, SAMPLING, index),
    queryCorrections(f.query, f.verbatim === true),
  ]);
  const [listings, extras, highlights] = await Promise.all([
    findCardsByRowIds(viewer, found.ids, now),
    cardExtras(viewer, found.ids, now),
    highlightsOf(found.ids, f),
  ]);
  const results: SearchResult[] = [];
  for (const id of found.ids) {
    const listing = listings.get(id);
    if (listing) results.push({ ...listing, ...extras(listing), highlight: highlights.get(id) ?? null });
  }
  return { results, hasMore: found.hasMore, facets, corrections };
}
