import "server-only";
import { cache } from "react";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { listingsGeneration } from "@/lib/catalog/listing-changes";
import type { Viewer } from "@/lib/accounts/viewer";
import { audienceOf, capabilityVisibleSql, capabilityVisibleToAudienceSql, type Audience } from "@/lib/catalog/visibility";
import { findCardsByRowIds, ownsAnyAgent } from "@/lib/catalog/queries";
import type { CardListing } from "@/lib/catalog/read-model";
import { cardExtras, type CardExtras } from "@/lib/listings/cards";
import { sampleTestedSql } from "@/lib/sample-tests/sample-tested";
import { reputationSql, runsSql, statsJoinSql, unreachableSql } from "@/lib/listings/reputation";
import { PRICES, type PageSort, type SearchFilters, type Sort } from "./filters";
import type { WordCorrection } from "./typo-notice";
import { queryWords } from "./query-words";
import { EXACT_COUNTS_UP_TO, findByPostings, lexemesOf, matchesAtMost, matchesFromPostings, sampleOfMatches, type MeantLexemes, type QueryWord, type Sampling } from "./postings";
import { wordMemo } from "./word-memo";
import type { FacetRow, SharedIndex } from "./shared-index";
import { currentSharedIndex, NAME_ORDER_SQL } from "./shared-index-live";

// Search over listings in PostgreSQL. Every query here starts from THE visibility rule
// (lib/catalog/visibility.ts, the SQL function explore_capability_visible).
//
// Matching: the query's words (letters and digits, at most 8) must all match, each in the weighted tsvector
// (A name, B summary, C tags and category, D agent name and purpose) or in the limitations' own vector (one
// word may be in each) — each word as itself, as the beginning of a longer word (half-typed: its stem's
// beginning, and its letters as typed where stemming rewrote its end, postings.ts prefixesOf), or as its
// nearest lexeme when it is misspelt (pg_trgm similarity over the SearchLexeme table of words everyone may
// see, so typo tolerance costs one indexed lookup per word instead of trigram matching over every listing).
// A stop word (no lexeme) is no condition; a query of stop words alone matches nothing.
// Ranking: a name that says exactly the query first, then the sum of the words' scores, ties newest first. A
// word's score is the best rank any lexeme it means earns alone — ts_rank with the default weights
// {D 0.1, C 0.2, B 0.4, A 1.0}, plus the limitations at half of D — which is what its postings hold
// (postings.ts), so a search by relevance is ranked from them whenever they can answer, and here otherwise.
// Documents split words where queryWords does (explore_search_text), so "SHA-256" is the words "sha" and
// "256" on both sides.
// For the shared audiences (audienceOf) a page's ids, in every order, and the facet counts come
// from this process's shared index in memory whenever it is current (shared-index.ts); the statements here are
// what it is held to, and what answers everyone else and meanwhile.

/** Text with the matched words marked, for highlighting. */
export type Highlighted = { text: string; mark: boolean }[];

/** A listing's name and summary with the search's words marked. */
export type Highlight = { name: Highlighted; summary: Highlighted };

export type MatchedRow = {
  /** Capability row id (internal; callers hydrate and drop it). */
  id: string;
  highlight: Highlight | null;
};

const START = "\u0001";
const STOP = "\u0002";

export { queryWords };

const correctionSchema = z.array(z.object({ word: z.string(), corrected: z.string().nullable() }));
const corrections = wordMemo<string>(
  async (words) => {
    const rows = correctionSchema.parse(
      await db.$queryRaw<unknown[]>(Prisma.sql`
        SELECT w AS word, (
          SELECT l."word" FROM "SearchLexeme" l WHERE l."word" % w ORDER BY l."word" <-> w, l."word" LIMIT 1
        ) AS corrected
        FROM unnest(${words}::text[]) w`),
    );
    return new Map(rows.flatMap((row) => (row.corrected === null || row.corrected === row.word ? [] : [[row.word, row.corrected]])));
  },
  { max: 10_000 },
);
let correctionsGeneration = listingsGeneration();

/** Each word's nearest lexeme (trigram similarity ≥ 0.3), or null; remembered until listings change. */
async function correct(words: string[]): Promise<Map<string, string | null>> {
  if (correctionsGeneration !== listingsGeneration()) {
    corrections.clear();
    correctionsGeneration = listingsGeneration();
  }
  const found = await corrections.get(words.filter((w) => w.length >= 3));
  return new Map(words.map((w) => [w, found.get(w) ?? null]));
}

async function correctedWords(query: string, verbatim: boolean): Promise<QueryWord[]> {
  const words = queryWords(query);
  const corrected = verbatim ? new Map<string, string | null>() : await correct(words);
  return words.map((word) => ({ word, correction: corrected.get(word) ?? null }));
}

/**
 * A query word and the lexemes it means: those its prefixes begin (prefixesOf) and its correction's stem
 * (`exact`, unless `verbatim`); neither for a stop word.
 */
type MeantWord = QueryWord & MeantLexemes;

// Cached per request: a search page asks for the same query's words for its results and its counts.
const meantWords = cache(async (query: string, verbatim: boolean): Promise<MeantWord[]> => {
  const words = await correctedWords(query, verbatim);
  const lexemes = await lexemesOf(words);
  return words.map((w, i) => ({ ...w, prefixes: lexemes[i]?.prefixes ?? [], exact: lexemes[i]?.exact ?? null }));
});

function wordsOf(f: SearchFilters): Promise<MeantWord[] | null> {
  return f.query ? meantWords(f.query, f.verbatim === true) : Promise.resolve(null);
}

/** What typo correction did to a query's words (word → its correction, or null), for the page's notice; none when verbatim. */
export const queryCorrections = cache(async (query: string | null, verbatim = false): Promise<WordCorrection[]> => {
  if (!query || verbatim) return [];
  const words = queryWords(query);
  const corrected = await correct(words);
  return words.map((word) => ({ word, corrected: corrected.get(word) ?? null }));
});

/**
 * The tsquery of words as meantWords reduced them to lexemes: each word's prefixes or its correction, every
 * word required. Built from the lexemes, not by to_tsquery, so that it means what the postings and the shared
 * index mean (to_tsquery would stem a half-typed word's letters again). Lexemes hold only [\p{L}\p{N}]
 * (queryWords); they are quoted as tsquery quotes anyway, so no lexeme can make it malformed.
 */
function tsQuerySql(words: MeantWord[]): Prisma.Sql {
  const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
  const text = words
    .map((w) => `(${[...w.prefixes.map((p) => `${quoted(p)}:*`), ...(w.exact !== null ? [quoted(w.exact)] : [])].join(" | ")})`)
    .join(" & ");
  return Prisma.sql`${text}::tsquery`;
}

/** The shared audience this viewer belongs to, or null (a publisher, an administrator: see audienceOf). */
async function sharedAudience(viewer: Viewer | null, now: Date): Promise<Audience | null> {
  return audienceOf(viewer, viewer ? await ownsAnyAgent(viewer.id) : false, now);
}

/** The query's words as the shared index matches them: null for no query, [] when no word means anything. */
function indexWords(words: MeantWord[] | null): MeantLexemes[] | null {
  return words === null ? null : meaningful(words);
}

/** The words that mean something: a stop word (no stem, no correction) is dropped. */
function meaningful(words: MeantWord[]): MeantWord[] {
  return words.filter((w) => w.prefixes.length > 0 || w.exact !== null);
}

function matchSql(words: MeantWord[]): Prisma.Sql {
  const meaning = meaningful(words);
  if (meaning.length === 0) return Prisma.sql`FALSE`;
  return Prisma.join(
    meaning.map((w) => {
      const q = tsQuerySql([w]);
      return Prisma.sql`(c."searchVector" @@ ${q} OR c."limitationsVector" @@ ${q})`;
    }),
    " AND ",
  );
}

/**
 * A word's score: the best rank any lexeme it means earns alone, computed as the postings' is (rounded to
 * REAL as they store it), so ranking every match orders exactly as the postings do. ts_rank of the word's
 * own tsquery would not: it adds up every lexeme a prefix matches, and halves a corrected word.
 */
function wordScoreSql(w: MeantWord): Prisma.Sql {
  const means = [
    ...w.prefixes.map((p) => Prisma.sql`x LIKE ${`${p}%`}`),
    ...(w.exact !== null ? [Prisma.sql`x = ${w.exact}`] : []),
  ];
  return Prisma.sql`(
    SELECT max((ts_rank(c."searchVector", l.q) + 0.5 * ts_rank(c."limitationsVector", l.q))::real)::float8
    FROM unnest(tsvector_to_array(c."searchVector") || tsvector_to_array(c."limitationsVector")) x, LATERAL (SELECT quote_literal(x)::tsquery AS q) l
    WHERE ${Prisma.join(means, " OR ")})`;
}

/** The sum of the words' scores, in the words' order (as the postings add them); null when no word means anything. */
function relevanceSql(words: MeantWord[]): Prisma.Sql | null {
  const meaning = meaningful(words);
  return meaning.length === 0 ? null : Prisma.sql`(${Prisma.join(meaning.map(wordScoreSql), " + ")})`;
}

/** The capability has a free plan (normalisation gives one to a capability that states none): triggers copy it from "Plan". */
const hasFreePlanSql = Prisma.sql`c."hasFreePlan"`;

/** Orders that read the 30-day statistics (the join `s`); the reputation filter looks its row up itself. */
function needsStats(sort: Sort | null): boolean {
  return sort === "reputation" || sort === "most_run";
}

export type FacetKey = "category" | "tag" | "class" | "price" | "tested" | "language" | "region" | "data";

/** The facets where one value is chosen at a time: their counts are taken as if that one filter were not set. */
export const SINGLE_FACETS = ["category", "class", "price", "language", "region"] as const;
export type SingleFacet = (typeof SINGLE_FACETS)[number];

/** The condition of each single-choice filter that is set (an unset one is no condition, not a TRUE the planner must estimate). */
function singleFacetSql(f: SearchFilters): Partial<Record<SingleFacet, Prisma.Sql>> {
  return {
    ...(f.category ? { category: Prisma.sql`split_part(c."category", '.', 1) = ${f.category}` } : {}),
    ...(f.class ? { class: Prisma.sql`c."class" = ${f.class}::"CapabilityClass"` } : {}),
    ...(f.price ? { price: f.price === "free_to_try" ? hasFreePlanSql : Prisma.sql`c."isPaid" = ${f.price === "paid"}` } : {}),
    ...(f.language ? { language: Prisma.sql`${f.language} = ANY (a."languages")` } : {}),
    ...(f.region ? { region: Prisma.sql`${f.region} = ANY (c."processingRegions")` } : {}),
  };
}

/** The single-choice filters that are set, in SINGLE_FACETS order, with their conditions. */
function setSingleFacets(f: SearchFilters): [SingleFacet, Prisma.Sql][] {
  const single = singleFacetSql(f);
  return SINGLE_FACETS.flatMap((k) => {
    const condition = single[k];
    return condition ? [[k, condition] as [SingleFacet, Prisma.Sql]] : [];
  });
}

/** The WHERE of a search without the single-choice filters: visibility, words, and every other filter. */
function baseWhereSql(visible: Prisma.Sql, f: SearchFilters, words: MeantWord[] | null, now: Date): Prisma.Sql {
  const parts: Prisma.Sql[] = [visible];
  // Words that are all stop words or symbols match nothing rather than everything.
  if (f.query) parts.push(matchSql(words ?? []));
  for (const tag of f.tags) {
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM "CapabilityTag" ct WHERE ct."capabilityId" = c."id" AND ct."tagSlug" = ${tag})`);
  }
  if (f.sampleTested) parts.push(sampleTestedSql(now));
  if (f.dataRules.includes("inputs_not_retained")) parts.push(Prisma.sql`c."inputsRetained" = false`);
  if (f.dataRules.includes("no_training")) parts.push(Prisma.sql`c."usedForTraining" = false`);
  if (f.matchingIds) parts.push(Prisma.sql`c."id" = ANY(${[...f.matchingIds]})`);
  // A semi-join, so the postings (which rank before any join) and the facet counts can take it too.
  if (f.minReputation !== null) {
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM "CapabilityStats" rs WHERE rs."capabilityId" = c."id" AND rs."reputation" >= ${f.minReputation})`);
  }
  if (!f.includeUnreachable) parts.push(Prisma.sql`NOT ${unreachableSql(now)}`);
  return Prisma.join(parts, " AND ");
}

/** The WHERE of a search: visibility, words, and every filter. */
function whereSql(visible: Prisma.Sql, f: SearchFilters, words: MeantWord[] | null, now: Date): Prisma.Sql {
  return Prisma.join([baseWhereSql(visible, f, words, now), ...setSingleFacets(f).map(([, condition]) => condition)], " AND ");
}

/** The name says exactly the query's words (split and lowercased as queryWords does, kept in "nameWords"): it ranks first. */
function exactNameSql(query: string): Prisma.Sql {
  return Prisma.sql`(c."nameWords" = ${queryWords(query).join(" ")})`;
}

/**
 * How an order kept in an index ("name", "most run", reputation) is read. Walking the index in order and
 * keeping the matches finds a page at once when most listings match (a common word: 15 % of 100,000, ~10 ms
 * instead of sorting all 15,000 matches, 200-340 ms), and reads the whole index when few do (a word nobody
 * uses: 360 ms). PostgreSQL's estimate of a word it has no statistics for is what picks the walk wrongly, so
 * the postings tell: below this many matches, the matches are found and sorted (the same order written as
 * an expression no index holds).
 */
const WALK_MIN_MATCHES = 2_000;
type OrderRead = "walk" | "sort";

async function orderReadOf(f: SearchFilters, words: MeantWord[] | null): Promise<OrderRead> {
  if (!f.query || !words || words.length === 0) return "walk";
  return (await matchesAtMost(words, WALK_MIN_MATCHES)) === true ? "sort" : "walk";
}

function orderSql(query: string | null, words: MeantWord[] | null, sort: Sort, read: OrderRead = "walk"): Prisma.Sql {
  const newest = Prisma.sql`c."createdAt" DESC, c."position" ASC, c."id" ASC`;
  // The same ties from the statistics' row, which holds copies of the three: its indexes end with them.
  const newestStats = Prisma.sql`s."createdAt" DESC, s."position" ASC, s."capabilityId" ASC`;
  const walk = read === "walk";
  switch (sort) {
    case "relevance": {
      const relevance = query && words ? relevanceSql(words) : null;
      // Ties newest first, then by row: the order of the postings' index (lib/search/postings.ts).
      return query && relevance ? Prisma.sql`${exactNameSql(query)} DESC, ${relevance} DESC, c."createdAt" DESC, c."id" DESC` : newest;
    }
    case "newest":
      return newest;
    case "name":
      // The name as its words, lowercased ("nameWords"): indexed, so a page of a common word is a short walk.
      return walk ? NAME_ORDER_SQL : Prisma.sql`(c."nameWords" || '') ASC, c."id" ASC`;
    case "most_run":
      return walk ? Prisma.sql`${runsSql} DESC, ${newestStats}` : Prisma.sql`(${runsSql} + 0) DESC, ${newestStats}`;
    case "reputation":
      return walk ? Prisma.sql`${reputationSql} DESC NULLS LAST, ${newestStats}` : Prisma.sql`(${reputationSql} + 0) DESC NULLS LAST, ${newestStats}`;
  }
}

function fromSql(sort: Sort | null): Prisma.Sql {
  return Prisma.sql`"Capability" c JOIN "Agent" a ON a."id" = c."agentId" ${needsStats(sort) ? statsJoinSql : Prisma.empty}`;
}

const highlightRowSchema = z.object({ id: z.string(), name_hl: z.string(), summary_hl: z.string() });

/** Splits ts_headline's output at its markers. */
export function splitHighlight(marked: string): Highlighted {
  const out: Highlighted = [];
  let rest = marked;
  while (rest.length > 0) {
    const start = rest.indexOf(START);
    if (start === -1) {
      out.push({ text: rest, mark: false });
      break;
    }
    if (start > 0) out.push({ text: rest.slice(0, start), mark: false });
    const stop = rest.indexOf(STOP, start + 1);
    const end = stop === -1 ? rest.length : stop;
    const word = rest.slice(start + 1, end);
    if (word) out.push({ text: word, mark: true });
    rest = stop === -1 ? "" : rest.slice(stop + 1);
  }
  return out;
}

function headlineSql(column: Prisma.Sql, words: MeantWord[]): Prisma.Sql {
  return Prisma.sql`ts_headline('english', ${column}, ${tsQuerySql(words)}, ${`HighlightAll=true, StartSel=${START}, StopSel=${STOP}`})`;
}

/** The statement that ranks every match: for each search the postings cannot answer (limit + 1 rows, to tell whether there is more). */
async function everyMatchSql(
  viewer: Viewer | null,
  f: SearchFilters,
  words: MeantWord[] | null,
  options: { sort: Sort; limit: number; offset: number; now: Date },
): Promise<Prisma.Sql> {
  const { sort, limit, offset, now } = options;
  const read = sort === "name" || needsStats(sort) ? await orderReadOf(f, words) : "walk";
  const visible = capabilityVisibleSql(viewer, now);
  // Few matches, found and sorted: found from the words' postings (a hash of each word's), not by ANDing the
  // full-text index's bitmaps of every word and reading each row to check it (two words, "most run": ~60 ms).
  const found = read === "sort" && words ? await matchesFromPostings(words) : null;
  const where = found ? Prisma.sql`c."id" IN (${found}) AND ${whereSql(visible, { ...f, query: null }, null, now)}` : whereSql(visible, f, words, now);
  return Prisma.sql`
    SELECT c."id" FROM ${fromSql(sort)}
    WHERE ${where}
    ORDER BY ${orderSql(f.query, words, sort, read)}
    LIMIT ${limit + 1} OFFSET ${offset}`;
}

/**
 * One page of matching listings, best first (limit + 1 are read to tell whether there is more): a search by
 * relevance from the postings when they can answer it (the ids), any other by ranking every match (the
 * query that reads them).
 */
async function pageIds(
  viewer: Viewer | null,
  f: SearchFilters,
  words: MeantWord[] | null,
  options: { sort: Sort; limit: number; offset: number; now: Date },
  index: SharedIndex | null,
): Promise<{ ids: string[] } | { query: Prisma.Sql }> {
  const { sort, limit, offset, now } = options;
  // A shared audience's page from memory, in every order (the name's as PostgreSQL gave it when the index loaded).
  if (index) {
    const audience = await sharedAudience(viewer, now);
    const nameWords = f.query ? queryWords(f.query).join(" ") : null;
    if (audience) return { ids: index.page(audience, f, { words: indexWords(words), nameWords, sort, limit: limit + 1, offset, now }) };
  }
  if (sort === "relevance" && words && words.length > 0) {
    const where = whereSql(capabilityVisibleSql(viewer, now), { ...f, query: null }, null, now);
    const ids = await findByPostings({ words, where, limit: limit + 1, offset });
    if (ids) return { ids };
  }
  return { query: await everyMatchSql(viewer, f, words, options) };
}

async function idsOf(page: { ids: string[] } | { query: Prisma.Sql }): Promise<string[]> {
  return "ids" in page ? page.ids : z.array(z.object({ id: z.string() })).parse(await db.$queryRaw<unknown[]>(page.query)).map((r) => r.id);
}

/** The ids of one page of matching listings, best first, and whether more follow (what the API needs); from `index` when it can answer. */
export async function findMatchingIds(
  viewer: Viewer | null,
  f: SearchFilters,
  options: { sort: Sort; limit: number; offset: number; now: Date },
  index: SharedIndex | null = currentSharedIndex(),
): Promise<{ ids: string[]; hasMore: boolean }> {
  const ids = await idsOf(await pageIds(viewer, f, await wordsOf(f), options, index));
  return { ids: ids.slice(0, options.limit), hasMore: ids.length > options.limit };
}

/** As findMatchingIds, always by ranking every match: what the postings are held to in tests. */
export async function findMatchingIdsRankingEveryMatch(
  viewer: Viewer | null,
  f: SearchFilters,
  options: { sort: Sort; limit: number; offset: number; now: Date },
): Promise<string[]> {
  return (await idsOf({ query: await everyMatchSql(viewer, f, await wordsOf(f), options) })).slice(0, options.limit);
}

/** One page of matching listings, best first, with the words marked in each (what searches are held to in tests). */
export async function findMatchingServices(
  viewer: Viewer | null,
  f: SearchFilters,
  options: { sort: Sort; limit: number; offset: number; now: Date },
  index: SharedIndex | null = currentSharedIndex(),
): Promise<{ rows: MatchedRow[]; hasMore: boolean }> {
  const { ids, hasMore } = await findMatchingIds(viewer, f, options, index);
  const highlights = await highlightsOf(ids, f);
  return { rows: ids.map((id) => ({ id, highlight: highlights.get(id) ?? null })), hasMore };
}

/** The name and summary of these listings with the search's words marked (none without words that mean something). */
async function highlightsOf(ids: readonly string[], f: SearchFilters): Promise<Map<string, Highlight>> {
  const words = await wordsOf(f);
  const marked = words ? meaningful(words) : [];
  if (marked.length === 0 || ids.length === 0) return new Map();
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT c."id", ${headlineSql(Prisma.sql`c."name"`, marked)} AS name_hl, ${headlineSql(Prisma.sql`c."summary"`, marked)} AS summary_hl
    FROM "Capability" c WHERE c."id" = ANY(${[...ids]}::text[])`);
  return new Map(
    z.array(highlightRowSchema).parse(raw).map((r) => [r.id, { name: splitHighlight(r.name_hl), summary: splitHighlight(r.summary_hl) }]),
  );
}

// ───────────── facets ─────────────

export type FacetValue = { value: string; label: string | null; count: number };
/** `approximate`: counted on a sample of more than 10,000 matches, each count an estimate (lib/search/postings.ts, sampleOfMatches). */
export type Facets = { total: number; approximate: boolean } & Record<FacetKey, FacetValue[]>;

const SAMPLING: Sampling = { exactUpTo: EXACT_COUNTS_UP_TO, target: 2_000 };

const facetRowSchema = z.object({ facet: z.string(), value: z.string().nullable(), label: z.string().nullable(), n: z.number().int() });

const FACET_TAG_LIMIT = 24;

/**
 * Live counts for every facet value among the current results: each count is how many results
 * choosing that value would leave. A single-choice facet (category, class, price, language, region) is
 * counted as if its own filter were not set, so its other values stay in view with what switching to
 * them would give. One statement: the rows matching every other filter once (with each single-choice
 * filter as a flag), then one aggregate each.
 */
async function countFacetsUncached(visible: Prisma.Sql, f: SearchFilters, now: Date, sampling: Sampling | null): Promise<Facets> {
  const words = await wordsOf(f);
  const sample = sampling && words ? await sampleOfMatches(words, sampling) : null;
  // A sample's rows are the words' matches already: the other conditions are checked on its rows alone.
  const where = sample
    ? Prisma.sql`c."id" IN (${sample.ids}) AND ${baseWhereSql(visible, { ...f, query: null }, null, now)}`
    : baseWhereSql(visible, f, words, now);
  const set = setSingleFacets(f);
  // The rows of m that every single-choice filter but `except` admits. Only filters that are set become
  // conditions: a column that is always TRUE still divides the planner's estimate of m's rows, and at
  // 1/30 of the truth it joined the tags row by row (~60 ms more for a word in 11,000 listings).
  const others = (except: SingleFacet | null) =>
    Prisma.raw(["TRUE", ...set.filter(([k]) => k !== except).map(([k]) => `m."ok_${k}"`)].join(" AND "));
  const all = others(null);
  const flags = set.map(([k, condition]) => Prisma.sql`, ${condition} AS ${Prisma.raw(`ok_${k}`)}`);
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    WITH m AS MATERIALIZED (
      SELECT c."id", split_part(c."category", '.', 1) AS category, c."class"::text AS class, c."isPaid",
             a."languages", c."processingRegions", c."inputsRetained", c."usedForTraining", c."tagSlugs",
             ${f.sampleTested ? Prisma.sql`true` : sampleTestedSql(now)} AS tested, ${hasFreePlanSql} AS "hasFree"
             ${flags.length > 0 ? Prisma.join(flags, "") : Prisma.empty}
      FROM ${fromSql(null)}
      WHERE ${where}
    )
    SELECT 'total' AS facet, NULL AS value, NULL AS label, count(*)::int AS n FROM m WHERE ${all}
    UNION ALL SELECT 'category', category, NULL, count(*)::int FROM m WHERE ${others("category")} GROUP BY category
    UNION ALL SELECT 'class', class, NULL, count(*)::int FROM m WHERE ${others("class")} GROUP BY class
    UNION ALL SELECT 'price', CASE WHEN "isPaid" THEN 'paid' ELSE 'free' END, NULL, count(*)::int FROM m WHERE ${others("price")} GROUP BY "isPaid"
    UNION ALL SELECT 'price', 'free_to_try', NULL, count(*)::int FROM m WHERE "hasFree" AND ${others("price")}
    UNION ALL SELECT 'tested', 'yes', NULL, count(*)::int FROM m WHERE tested AND ${all}
    UNION ALL SELECT 'language', l, NULL, sum(g.n)::int FROM (
      SELECT m."languages", count(*) AS n FROM m WHERE ${others("language")} GROUP BY m."languages"
    ) g, unnest(g."languages") l GROUP BY l
    UNION ALL SELECT 'region', r, NULL, sum(g.n)::int FROM (
      SELECT m."processingRegions", count(*) AS n FROM m WHERE ${others("region")} GROUP BY m."processingRegions"
    ) g, unnest(g."processingRegions") r GROUP BY r
    UNION ALL SELECT 'data', 'inputs_not_retained', NULL, count(*)::int FROM m WHERE m."inputsRetained" = false AND ${all}
    UNION ALL SELECT 'data', 'no_training', NULL, count(*)::int FROM m WHERE m."usedForTraining" = false AND ${all}
    UNION ALL (
      SELECT 'tag', g.slug, min(t."label"), sum(g.n)::int FROM (
        SELECT unnest(s.slugs) AS slug, s.n FROM (SELECT m."tagSlugs" AS slugs, count(*) AS n FROM m WHERE ${all} GROUP BY m."tagSlugs") s
      ) g JOIN "Tag" t ON t."slug" = g.slug
      GROUP BY g.slug ORDER BY sum(g.n) DESC, g.slug LIMIT ${FACET_TAG_LIMIT}
    )`);
  const scale = sample?.scale ?? 1;
  const facets = facetsOf(z.array(facetRowSchema).parse(raw), scale, sample !== null);
  // The postings bound the matches before the other filters: when those leave few, the matches are counted
  // whole. A sample of k rows estimates k × scale give or take scale × √k (one standard deviation); only an
  // estimate four of those above the line stands, so a search of 10,000 matches or fewer is counted exactly.
  const sampled = facets.total / scale;
  if (sample && (sampled - 4 * Math.sqrt(sampled)) * scale <= (sampling?.exactUpTo ?? 0)) return countFacetsUncached(visible, f, now, null);
  return facets;
}

/** The facets of the counting statement's rows (or the index's, which are the same), each count × `scale`, in the order the page shows them. */
function facetsOf(rows: FacetRow[], scale: number, approximate: boolean): Facets {
  const facets: Facets = { total: 0, approximate, category: [], tag: [], class: [], price: [], tested: [], language: [], region: [], data: [] };
  for (const row of rows) {
    if (row.facet === "total") {
      facets.total = row.n * scale;
      continue;
    }
    const key = facetKeys.find((k) => k === row.facet);
    if (key && row.value !== null && row.n > 0) facets[key].push({ value: row.value, label: row.label, count: row.n * scale });
  }
  for (const key of facetKeys) {
    if (key !== "tag") facets[key].sort((x, y) => y.count - x.count || x.value.localeCompare(y.value));
  }
  // Prices read in their own order: free to try, free only, paid.
  const priceOrder = (value: string) => PRICES.findIndex((p) => p === value);
  facets.price.sort((x, y) => priceOrder(x.value) - priceOrder(y.value));
  return facets;
}

const facetKeys: readonly FacetKey[] = ["category", "tag", "class", "price", "tested", "language", "region", "data"];

// Viewers who see the same listings get the same counts (lib/catalog/visibility.ts, audienceOf), so an
// audience's counts for a given search are shared for a few seconds: the unfiltered home page would otherwise
// count every listing per request, for every signed-in person too.
const AUDIENCE_TTL_MS = 15_000;
const audienceFacets = new Map<string, { at: number; facets: Promise<Facets> }>();

/**
 * The facet counts of a search for this viewer. A viewer of a shared audience is counted from `index` (this
 * process's shared index, when it is current), exactly; anyone else, or without an index, in PostgreSQL, where
 * more than 10,000 matches may be estimated from a sample (`sampling`).
 */
export async function countFacets(
  viewer: Viewer | null,
  f: SearchFilters,
  now: Date,
  sampling: Sampling | null = SAMPLING,
  index: SharedIndex | null = currentSharedIndex(),
): Promise<Facets> {
  const audience = await sharedAudience(viewer, now);
  if (audience === null) return countFacetsUncached(capabilityVisibleSql(viewer, now), f, now, sampling);
  if (index) return facetsOf(index.count(audience, f, indexWords(await wordsOf(f)), now), 1, false);
  // Keyed by the listings' generation too: after a write anywhere (a suspension, an unpublish) no count made
  // before it is served again, as for the shared pages.
  const key = `${listingsGeneration()}\n${audience}\n${JSON.stringify([f, sampling])}`;
  const hit = audienceFacets.get(key);
  if (hit && now.getTime() - hit.at < AUDIENCE_TTL_MS) return hit.facets;
  const facets = countFacetsUncached(capabilityVisibleToAudienceSql(audience), f, now, sampling);
  if (audienceFacets.size > 500) audienceFacets.clear();
  audienceFacets.set(key, { at: now.getTime(), facets });
  facets.catch(() => audienceFacets.delete(key));
  return facets;
}

/** How many listings match a search for this viewer (no facets): e.g. what 18+ would add; from `index` for a shared audience. */
export async function countMatching(
  viewer: Viewer | null,
  f: SearchFilters,
  now: Date,
  index: SharedIndex | null = currentSharedIndex(),
): Promise<number> {
  const words = await wordsOf(f);
  if (index) {
    const audience = await sharedAudience(viewer, now);
    if (audience) return index.total(audience, f, indexWords(words), now);
  }
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT count(*)::int AS n FROM ${fromSql(null)} WHERE ${whereSql(capabilityVisibleSql(viewer, now), f, words, now)}`);
  return z.array(z.object({ n: z.number() })).parse(raw)[0]?.n ?? 0;
}

// ───────────── the search page ─────────────

/** A search page's card: the listing as its card shows it, its figures and the words marked. */
export type SearchResult = CardListing & CardExtras & { highlight: Highlight | null };

/**
 * One page of the search page: the matches' ids (from the index when it can answer), then their cards (read
 * from the catalog, through the visibility rule again), card figures and highlights at once; and facet counts.
 */
export async function searchServices(
  viewer: Viewer | null,
  f: SearchFilters,
  options: { sort: PageSort; page: number; pageSize: number },
): Promise<{ results: SearchResult[]; hasMore: boolean; facets: Facets; corrections: WordCorrection[] }> {
  const now = new Date();
  const [found, facets, corrections] = await Promise.all([
    findMatchingIds(viewer, f, { sort: options.sort, limit: options.pageSize, offset: (options.page - 1) * options.pageSize, now }),
    countFacets(viewer, f, now),
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
