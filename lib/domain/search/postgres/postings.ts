import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { listingsGeneration } from "@/lib/model/catalog/listing-changes";
import { listingsAs } from "@/lib/model/catalog/views";
import { lexemesOf, type MeantLexemes, type QueryWord } from "@/lib/domain/search/lexemes";

// Searches by relevance ranked from the postings (model SearchPosting, kept with the search documents). A query
// word means the words its stem begins (SearchTerm) and its typo correction's stem; its score for a capability
// is the best posting among those, and a capability's rank is the sum of its words' scores (sql.ts ranks
// every match by the same formula when the postings cannot answer). A name that says exactly the query comes
// first; ties newest first, then by row.
//
// One word: each word it means is read in the postings' index order (rank, then newest), best first, K at a
// time; only those candidates are joined to their rows for the visibility rule and the filters. The answer is
// exact, not an approximation: a candidate ranks where it does among all matches when it is a name match
// (always read) or ranks at or above the best K-th posting of any word that had more than K; a page that
// needs rows below that line asks again with a larger K, then hands over to ranking every match.
//
// Several words: no one word's best postings bound the sum, so each word's postings are read whole (an
// index-only scan) and intersected before any listing row is touched; the intersection is ordered from the
// postings alone and walked in that order, each candidate checked against its row, until the page is full.
// Every match is scored, so one read is exact.

/** How many words a half-typed word may stand for here; more (one or two letters) is ranked the usual way. */
const MAX_TERMS = 64;

// ids: the page's candidates that pass, best first (at most `need`); exact: every one of them ranks where it
// does among all matches; truncated: some word had more postings than were read.
const attemptSchema = z.object({ terms: z.number().int(), truncated: z.boolean(), ids: z.array(z.string()), exact: z.boolean() });
type Attempt = z.infer<typeof attemptSchema>;

async function attempt(prefixes: string[], exactTerms: string[], nameWords: string, where: Prisma.Sql, need: number, k: number): Promise<Attempt> {
  const begun = prefixes.map((prefix) => Prisma.sql`(SELECT t."word" FROM "SearchTerm" t WHERE t."word" LIKE ${`${prefix}%`} LIMIT ${MAX_TERMS + 1})`);
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    WITH terms AS MATERIALIZED (
      ${Prisma.join(begun, " UNION ")}
      UNION SELECT unnest(${exactTerms}::text[])
    ),
    top AS MATERIALIZED (
      SELECT x.* FROM terms t, LATERAL (
        SELECT p."capabilityId", p."score", p."createdAt",
               row_number() OVER (ORDER BY p."score" DESC, p."createdAt" DESC, p."capabilityId" DESC) AS rn
        FROM "SearchPosting" p WHERE p."word" = t."word"
        ORDER BY p."score" DESC, p."createdAt" DESC, p."capabilityId" DESC
        LIMIT ${k}
      ) x
    ),
    threshold AS (
      SELECT "score", "createdAt", "capabilityId" FROM top WHERE rn = ${k}
      ORDER BY "score" DESC, "createdAt" DESC, "capabilityId" DESC LIMIT 1
    ),
    named AS (
      SELECT p."capabilityId", max(p."score") AS score FROM ${listingsAs("n")} JOIN "SearchPosting" p ON p."capabilityId" = n."id"
      WHERE n."nameWords" = ${nameWords} AND p."word" IN (SELECT "word" FROM terms)
      GROUP BY p."capabilityId"
    ),
    candidates AS (
      SELECT "capabilityId" AS id, max(score) AS score, bool_or(named) AS named FROM (
        SELECT "capabilityId", "score", false AS named FROM top UNION ALL SELECT "capabilityId", score, true FROM named
      ) u GROUP BY "capabilityId"
    ),
    page AS (
      SELECT c."id",
             (k.named OR NOT EXISTS (
               SELECT 1 FROM threshold th WHERE (k.score, c."createdAt", c."id") < (th."score", th."createdAt", th."capabilityId")
             )) AS exact,
             row_number() OVER (ORDER BY k.named DESC, k.score DESC, c."createdAt" DESC, c."id" DESC) AS n
      FROM candidates k JOIN ${listingsAs("c")} ON c."id" = k.id
      WHERE ${where}
      ORDER BY n
      LIMIT ${need}
    )
    SELECT (SELECT count(*) FROM terms)::int AS terms, EXISTS (SELECT 1 FROM threshold) AS truncated,
           coalesce((SELECT array_agg("id" ORDER BY n) FROM page), '{}') AS ids,
           coalesce((SELECT bool_and(exact) FROM page), true) AS exact`);
  const [row] = z.array(attemptSchema).parse(raw);
  if (!row) throw new Error("the postings query answered no row");
  return row;
}

async function findOneWord(meant: MeantLexemes, nameWords: string, where: Prisma.Sql, limit: number, offset: number): Promise<string[] | null> {
  const need = offset + limit;
  for (const k of [Math.max(100, need * 3), Math.max(1_600, need * 48)]) {
    const found = await attempt(meant.prefixes, meant.exact ? [meant.exact] : [], nameWords, where, need, k);
    if (found.terms > MAX_TERMS) return null;
    // A full page must rank exactly; a short one must have seen every match.
    const whole = found.ids.length === need ? found.exact : !found.truncated;
    if (whole) return found.ids.slice(offset);
  }
  return null;
}

const expansions = new Map<string, string[]>();
let expansionsGeneration = listingsGeneration();

/** The words each prefix begins, in the order given (at most MAX_TERMS + 1 each, so too many shows); remembered until listings change. */
async function expand(prefixes: string[]): Promise<string[][]> {
  const generation = listingsGeneration();
  if (expansionsGeneration !== generation) {
    expansions.clear();
    expansionsGeneration = generation;
  }
  const found = new Map<string, string[]>();
  for (const p of prefixes) {
    const terms = expansions.get(p);
    if (terms) found.set(p, terms);
  }
  const unknown = [...new Set(prefixes.filter((p) => !found.has(p)))];
  if (unknown.length > 0) {
    const raw = await db.$queryRaw<unknown[]>(
      Prisma.join(
        unknown.map(
          (prefix) =>
            Prisma.sql`SELECT ${prefix}::text AS prefix, ARRAY(SELECT t."word" FROM "SearchTerm" t WHERE t."word" LIKE ${`${prefix}%`} LIMIT ${MAX_TERMS + 1}) AS terms`,
        ),
        " UNION ALL ",
      ),
    );
    // A listing written meanwhile may have added words: what was read is used, not kept.
    const keep = generation === listingsGeneration();
    if (keep && expansions.size > 10_000) expansions.clear();
    for (const row of z.array(z.object({ prefix: z.string(), terms: z.array(z.string()) })).parse(raw)) {
      found.set(row.prefix, row.terms);
      if (keep) expansions.set(row.prefix, row.terms);
    }
  }
  return prefixes.map((p) => found.get(p) ?? []);
}

/** One word's (capability, score, createdAt): its best posting among the terms it means. */
function wordPostingsSql(terms: string[]): Prisma.Sql {
  const [only] = terms;
  // A capability holds one posting per term, so a word that means one term needs no grouping.
  if (terms.length === 1 && only !== undefined) {
    return Prisma.sql`SELECT p."capabilityId", p."score", p."createdAt" FROM "SearchPosting" p WHERE p."word" = ${only}`;
  }
  return Prisma.sql`
    SELECT p."capabilityId", max(p."score") AS "score", max(p."createdAt") AS "createdAt"
    FROM "SearchPosting" p WHERE p."word" = ANY(${terms}::text[]) GROUP BY p."capabilityId"`;
}

const alias = (i: number) => Prisma.raw(`w${i}`);

/**
 * The words' postings joined on the listing (w0, w1, …: each word's listing, score and date): the listings that
 * hold every word. OFFSET 0 keeps each further word a subquery of its own, which the planner joins by hashing
 * it: left to itself it sorted both words' postings by id to merge them, two to three times slower for common
 * words.
 */
function joinedWordsSql(terms: string[][]): Prisma.Sql {
  return Prisma.join(
    terms.map((t, i) =>
      i === 0
        ? Prisma.sql`(${wordPostingsSql(t)}) w0`
        : Prisma.sql`JOIN (${wordPostingsSql(t)} OFFSET 0) ${alias(i)} ON ${alias(i)}."capabilityId" = w0."capabilityId"`,
    ),
    " ",
  );
}

async function findSeveralWords(terms: string[][], nameWords: string, where: Prisma.Sql, limit: number, offset: number): Promise<string[]> {
  const joined = joinedWordsSql(terms);
  // In the words' order and in float8, as sql.ts adds them, so both paths break the same ties.
  const score = Prisma.join(
    terms.map((_, i) => Prisma.sql`${alias(i)}."score"::float8`),
    " + ",
  );
  // hits is materialized so the words are intersected before any listing row is read. ranked is ordered
  // from the postings alone, so the planner can walk it in that order, looking each candidate up until the
  // page is full, or start from a selective filter's own rows (a tag) when that reads less.
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    WITH hits AS MATERIALIZED (
      SELECT w0."capabilityId" AS id, ${score} AS score, w0."createdAt" FROM ${joined}
    ),
    ranked AS (
      SELECT h.id, h.id IN (SELECT n."id" FROM ${listingsAs("n")} WHERE n."nameWords" = ${nameWords}) AS named, h.score, h."createdAt"
      FROM hits h
      ORDER BY named DESC, h.score DESC, h."createdAt" DESC, h.id DESC
    )
    SELECT r.id FROM ranked r JOIN ${listingsAs("c")} ON c."id" = r.id
    WHERE ${where}
    ORDER BY r.named DESC, r.score DESC, r."createdAt" DESC, r.id DESC
    LIMIT ${limit} OFFSET ${offset}`);
  return z
    .array(z.object({ id: z.string() }))
    .parse(raw)
    .map((r) => r.id);
}

/**
 * What each word means (its prefixes in SearchTerm, and its correction's stem). A stop word means nothing and
 * is dropped, as ranking every match drops it; null when a word means only its correction (a stop word
 * corrected to another word), which only ranking every match reads.
 */
async function meantOf(words: QueryWord[]): Promise<MeantLexemes[] | null> {
  const meant: MeantLexemes[] = [];
  for (const m of await lexemesOf(words)) {
    if (m.prefixes.length > 0) meant.push(m);
    else if (m.exact) return null;
  }
  return meant;
}

/** The lexemes each word means (its prefixes' expansions, and its correction's stem), or null when one begins too many words. */
async function termsOf(meant: MeantLexemes[]): Promise<string[][] | null> {
  const expanded = await expand(meant.flatMap((m) => m.prefixes));
  const terms: string[][] = [];
  for (const m of meant) {
    const begun = expanded.splice(0, m.prefixes.length).flat();
    if (begun.length > MAX_TERMS) return null;
    terms.push(m.exact && !begun.includes(m.exact) ? [...begun, m.exact] : begun);
  }
  return terms;
}

/** The lexemes each query word means, or null when the postings cannot answer (only stop words, a word that begins too many words). */
async function termsOfWords(words: QueryWord[]): Promise<string[][] | null> {
  const meant = await meantOf(words);
  return meant && meant.length > 0 ? termsOf(meant) : null;
}

/**
 * Whether a search for these words matches at most `limit` listings, read from their postings: one word's
 * postings counted no further than `limit` + 1; several words' intersection (two common words may share few
 * listings), counted as far. Null when the postings cannot tell (only stop words, a word that begins too many
 * words).
 */
export async function matchesAtMost(words: QueryWord[], limit: number): Promise<boolean | null> {
  const terms = await termsOfWords(words);
  if (!terms) return null;
  const [only] = terms;
  const matching =
    terms.length === 1 && only
      ? Prisma.sql`SELECT 1 FROM "SearchPosting" p WHERE p."word" = ANY(${only}::text[])`
      : Prisma.sql`SELECT 1 FROM ${joinedWordsSql(terms)}`;
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`SELECT (SELECT count(*) FROM (${matching} LIMIT ${limit + 1}) x)::int AS n`);
  const [row] = z.array(z.object({ n: z.number().int() })).parse(raw);
  return (row?.n ?? 0) <= limit;
}

/**
 * The ids of one page of a search by relevance, best first (`limit` rows after `offset`, fewer on the last
 * page) — `where` holds the visibility rule and every filter but the words, over the listing c (catalog_listings)
 * — or null when the postings cannot answer it: only stop words, or a word that begins too many words. Stop
 * words among others are no condition (as in ranking every match); the exact name still counts them.
 */
export async function findByPostings(input: { words: QueryWord[]; where: Prisma.Sql; limit: number; offset: number }): Promise<string[] | null> {
  const { words, where, limit, offset } = input;
  const meant = await meantOf(words);
  const nameWords = words.map((w) => w.word).join(" ");
  const one = meant?.[0];
  if (!meant || !one) return null;
  if (meant.length === 1) return findOneWord(one, nameWords, where, limit, offset);
  const terms = await termsOf(meant);
  if (!terms) return null;
  // A word nothing holds: no capability has every word.
  if (terms.some((t) => t.length === 0)) return [];
  return findSeveralWords(terms, nameWords, where, limit, offset);
}

/**
 * The ids (a column "id") of the listings holding a term of every word whose row id hashes into the share
 * `mask` selects: every term's postings read in index order, the share kept, then grouped by listing (twice,
 * rather than count(DISTINCT …), which sorts). Not joined as joinedWordsSql joins the words: PostgreSQL takes
 * a hash's share for 1 in 200 and then joined the words row by row; grouping has one plan whatever it guesses.
 */
function sampledSql(terms: string[][], mask: number): Prisma.Sql {
  const word = terms.flatMap((t, i) => t.map(() => i));
  return Prisma.sql`
    SELECT h.id FROM (
      SELECT p."capabilityId" AS id
      FROM unnest(${terms.flat()}::text[], ${word}::int[]) AS q("word", i)
      JOIN "SearchPosting" p ON p."word" = q."word"
      WHERE (hashtext(p."capabilityId") & ${mask}) = 0
      GROUP BY p."capabilityId", q.i
    ) h
    GROUP BY h.id HAVING count(*) = ${terms.length}`;
}

/**
 * The listings that hold every word, read from the postings (a statement to use as `c."id" IN (…)`), or null
 * when the postings cannot answer (see findByPostings). For searches with few matches: it reads each word's
 * postings whole.
 */
export async function matchesFromPostings(words: QueryWord[]): Promise<Prisma.Sql | null> {
  const terms = await termsOfWords(words);
  return terms ? Prisma.sql`SELECT w0."capabilityId" AS id FROM ${joinedWordsSql(terms)}` : null;
}

/** Above how many matches facet counts may be estimated from a sample (the issue's floor: exact up to 10,000). */
export const EXACT_COUNTS_UP_TO = 10_000;

/** When facet counts may come from a sample: above `exactUpTo` matches, about `target` of them. */
export type Sampling = { exactUpTo: number; target: number };

/** A sample of a search's matches: `ids` selects them (a column "id"), each stands for `scale` matches. */
export type MatchSample = { ids: Prisma.Sql; scale: number };

// PostgreSQL's own statistics of the postings (kept by ANALYZE, which autovacuum runs): the most common words and
// the share of postings each holds. Read at most every 5 minutes; they change no faster.
const STATISTICS_TTL_MS = 5 * 60_000;
export type CommonWords = { postings: Map<string, number>; floor: number };
let commonWords: { at: number; words: Promise<CommonWords> } | null = null;

const commonWordsSchema = z.array(z.object({ words: z.array(z.string()), freqs: z.array(z.number()), rows: z.number() }));

/**
 * About how many postings the most common words have, and `floor`, the fewest of those: a word PostgreSQL does
 * not list has about that many or fewer. Before any ANALYZE nothing is listed and the floor is unbounded.
 */
function commonWordPostings(now = Date.now()): Promise<CommonWords> {
  if (commonWords && now - commonWords.at < STATISTICS_TTL_MS) return commonWords.words;
  const words = db
    .$queryRaw<unknown[]>(
      Prisma.sql`
        SELECT s."most_common_vals"::text::text[] AS words, s."most_common_freqs"::float8[] AS freqs, c."reltuples"::float8 AS rows
        FROM pg_stats s JOIN pg_class c ON c."oid" = to_regclass('"SearchPosting"')
        WHERE s."schemaname" = current_schema() AND s."tablename" = 'SearchPosting' AND s."attname" = 'word' AND s."most_common_vals" IS NOT NULL`,
    )
    .then((raw): CommonWords => {
      const [row] = commonWordsSchema.parse(raw);
      if (!row) return { postings: new Map(), floor: Infinity };
      const postings = new Map(row.words.map((word, i) => [word, (row.freqs[i] ?? 0) * row.rows]));
      return { postings, floor: Math.min(...postings.values()) };
    });
  commonWords = { at: now, words };
  words.catch(() => (commonWords = null));
  return words;
}

/**
 * The rarest word's postings as the statistics tell them: "few" (at most the line: a word listed that far down,
 * or one not listed when the floor is below the line), about how many (every word listed), or null (a word not
 * listed, and the floor above the line: count them).
 */
export function rarestFromStatistics(terms: string[][], common: CommonWords, exactUpTo: number): number | "few" | null {
  const listed = terms.map((t) => (t.some((term) => common.postings.has(term)) ? t.reduce((n, term) => n + (common.postings.get(term) ?? 0), 0) : null));
  if (Math.min(...listed.map((n) => n ?? common.floor)) <= exactUpTo) return "few";
  return listed.includes(null) ? null : Math.min(...listed.map((n) => n ?? 0));
}

/** Each word's postings (a listing holding two of its terms counts twice: enough to choose a share), counted. */
async function countPostings(terms: string[][]): Promise<number[]> {
  const raw = await db.$queryRaw<unknown[]>(
    Prisma.join(
      terms.map((t) => Prisma.sql`SELECT (SELECT count(*) FROM "SearchPosting" p WHERE p."word" = ANY(${t}::text[]))::int AS n`),
      " UNION ALL ",
    ),
  );
  return z
    .array(z.object({ n: z.number().int() }))
    .parse(raw)
    .map((r) => r.n);
}

/**
 * A fixed share (one in a power of two) of the listings that hold every word, chosen by a hash of their row
 * id, so about `target` remain however common the words are; null when the matches may be `exactUpTo` or
 * fewer (they are then counted whole), or when the postings cannot answer. The rarest word's postings decide,
 * estimated from PostgreSQL's statistics where they list the words (no statement), counted otherwise; the
 * caller holds the estimate to the line, so a wrong guess costs time, never exactness. The same search always
 * samples the same rows, so its estimates do not change from one page to the next.
 */
export async function sampleOfMatches(words: QueryWord[], options: Sampling): Promise<MatchSample | null> {
  const terms = await termsOfWords(words);
  if (!terms || terms.some((t) => t.length === 0)) return null;
  const told = rarestFromStatistics(terms, await commonWordPostings(), options.exactUpTo);
  const fewest = told === null ? Math.min(...(await countPostings(terms))) : told;
  if (fewest === "few" || fewest <= options.exactUpTo) return null;
  const bits = Math.max(0, Math.ceil(Math.log2(fewest / options.target)));
  const mask = 2 ** bits - 1;
  return { ids: sampledSql(terms, mask), scale: mask + 1 };
}
