import { Prisma } from "@/generated/prisma/client";
import { sampleTestedSql } from "@/lib/model/figures/sample-tested";
import { reputationSql, runsSql, statsJoinSql, unreachableSql } from "@/lib/model/figures/reputation";
import type { SearchFilters, Sort } from "@/lib/domain/search/filters";
import { queryWords } from "@/lib/domain/search/query-words";
import { matchesAtMost } from "./postings";
import { meaningful, type MeantWord } from "@/lib/domain/search/words";
import { NAME_ORDER_SQL } from "./name-order";
import { listingsAs } from "@/lib/model/catalog/views";

// The PostgreSQL engine's statements, in parts, over the catalog's listings as `c` (catalog_listings,
// lib/model/catalog/views.ts). Every search starts from THE visibility rule (lib/model/catalog/visibility.ts, the
// SQL function explore_capability_visible), which the caller gives as `visible`.
//
// Matching: the query's words (letters and digits, at most 8) must all match, each in the weighted tsvector
// (A name, B summary, C tags and category, D agent name and purpose) or in the limitations' own vector (one
// word may be in each) — each word as itself, as the beginning of a longer word (half-typed: its stem's
// beginning, and its letters as typed where stemming rewrote its end, lexemes.ts prefixesOf), or as its
// nearest lexeme when it is misspelt (words.ts). A stop word (no lexeme) is no condition; a query of stop words
// alone matches nothing.
// Ranking: a name that says exactly the query first, then the sum of the words' scores, ties newest first. A
// word's score is the best rank any lexeme it means earns alone — ts_rank with the default weights
// {D 0.1, C 0.2, B 0.4, A 1.0}, plus the limitations at half of D — which is what its postings hold
// (postings.ts), so a search by relevance is ranked from them whenever they can answer, and here otherwise.
// Documents split words where queryWords does (explore_search_text), so "SHA-256" is the words "sha" and
// "256" on both sides.

/**
 * The tsquery of words as meantWords reduced them to lexemes: each word's prefixes or its correction, every
 * word required. Built from the lexemes, not by to_tsquery, so that it means what the postings and the shared
 * index mean (to_tsquery would stem a half-typed word's letters again). Lexemes hold only [\p{L}\p{N}]
 * (queryWords); they are quoted as tsquery quotes anyway, so no lexeme can make it malformed.
 */
export function tsQuerySql(words: MeantWord[]): Prisma.Sql {
  const quoted = (lexeme: string) => `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
  const text = words.map((w) => `(${[...w.prefixes.map((p) => `${quoted(p)}:*`), ...(w.exact !== null ? [quoted(w.exact)] : [])].join(" | ")})`).join(" & ");
  return Prisma.sql`${text}::tsquery`;
}

export function matchSql(words: MeantWord[]): Prisma.Sql {
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
  const means = [...w.prefixes.map((p) => Prisma.sql`x LIKE ${`${p}%`}`), ...(w.exact !== null ? [Prisma.sql`x = ${w.exact}`] : [])];
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

/** The capability has a free plan (normalisation gives one to a capability that states none): triggers copy it from its plans. */
export const hasFreePlanSql = Prisma.sql`c."hasFreePlan"`;

/** Orders that read the 30-day statistics (the join `s`); the reputation filter looks its row up itself. */
export function needsStats(sort: Sort | null): boolean {
  return sort === "reputation" || sort === "most_run";
}

/** The facets where one value is chosen at a time: their counts are taken as if that one filter were not set. */
const SINGLE_FACETS = ["category", "class", "price", "language", "region"] as const;
export type SingleFacet = (typeof SINGLE_FACETS)[number];

/** The condition of each single-choice filter that is set (an unset one is no condition, not a TRUE the planner must estimate). */
function singleFacetSql(f: SearchFilters): Partial<Record<SingleFacet, Prisma.Sql>> {
  return {
    ...(f.category ? { category: Prisma.sql`split_part(c."category", '.', 1) = ${f.category}` } : {}),
    ...(f.class ? { class: Prisma.sql`c."class" = ${f.class}::"CapabilityClass"` } : {}),
    ...(f.price ? { price: f.price === "free_to_try" ? hasFreePlanSql : Prisma.sql`c."isPaid" = ${f.price === "paid"}` } : {}),
    ...(f.language ? { language: Prisma.sql`${f.language} = ANY (c."agentLanguages")` } : {}),
    ...(f.region ? { region: Prisma.sql`${f.region} = ANY (c."processingRegions")` } : {}),
  };
}

/** The single-choice filters that are set, in SINGLE_FACETS order, with their conditions. */
export function setSingleFacets(f: SearchFilters): [SingleFacet, Prisma.Sql][] {
  const single = singleFacetSql(f);
  return SINGLE_FACETS.flatMap((k) => {
    const condition = single[k];
    return condition ? [[k, condition] as [SingleFacet, Prisma.Sql]] : [];
  });
}

/** The WHERE of a search without the single-choice filters: visibility, words, and every other filter. */
export function baseWhereSql(visible: Prisma.Sql, f: SearchFilters, words: MeantWord[] | null, now: Date): Prisma.Sql {
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
export function whereSql(visible: Prisma.Sql, f: SearchFilters, words: MeantWord[] | null, now: Date): Prisma.Sql {
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
export type OrderRead = "walk" | "sort";

export async function orderReadOf(f: SearchFilters, words: MeantWord[] | null): Promise<OrderRead> {
  if (!f.query || !words || words.length === 0) return "walk";
  return (await matchesAtMost(words, WALK_MIN_MATCHES)) === true ? "sort" : "walk";
}

export function orderSql(query: string | null, words: MeantWord[] | null, sort: Sort, read: OrderRead = "walk"): Prisma.Sql {
  const newest = Prisma.sql`c."createdAt" DESC, c."position" ASC, c."id" ASC`;
  // The same ties from the statistics' row, which holds copies of the three: its indexes end with them.
  const newestStats = Prisma.sql`s."createdAt" DESC, s."position" ASC, s."capabilityId" ASC`;
  const walk = read === "walk";
  switch (sort) {
    case "relevance": {
      const relevance = query && words ? relevanceSql(words) : null;
      // Ties newest first, then by row: the order of the postings' index (postings.ts).
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

export function fromSql(sort: Sort | null): Prisma.Sql {
  return Prisma.sql`${listingsAs()} ${needsStats(sort) ? statsJoinSql : Prisma.empty}`;
}
