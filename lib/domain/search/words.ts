import "server-only";
import { cache } from "react";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { listingsGeneration } from "@/lib/model/catalog/listing-changes";
import type { SearchFilters } from "./filters";
import type { WordCorrection } from "./typo-notice";
import { queryWords } from "./query-words";
import { lexemesOf, stemsOf, type MeantLexemes, type QueryWord } from "./lexemes";
import { wordMemo } from "./word-memo";

// What a query's words mean, for both engines: each word as typed, its typo correction (its nearest lexeme by
// pg_trgm similarity over the SearchLexeme table of words everyone may see, so typo tolerance costs one indexed
// lookup per word instead of trigram matching over every listing; a word the lexicon holds is its own nearest, found
// by its key without the trigram search, which costs more the more words there are), and the lexemes it stands for (lexemes.ts,
// lexemesOf: its prefixes and its correction's stem). A stop word means nothing.

const correctionSchema = z.array(z.object({ word: z.string(), corrected: z.string().nullable() }));
const corrections = wordMemo<string>(
  async (words) => {
    const rows = correctionSchema.parse(
      await db.$queryRaw<unknown[]>(Prisma.sql`
        SELECT w AS word, CASE
          WHEN EXISTS (SELECT 1 FROM "SearchLexeme" e WHERE e."word" = w) THEN w
          ELSE (SELECT l."word" FROM "SearchLexeme" l WHERE l."word" % w ORDER BY l."word" <-> w, l."word" LIMIT 1)
        END AS corrected
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
export type MeantWord = QueryWord & MeantLexemes;

// Cached per request: a search page asks for the same query's words for its results and its counts.
const meantWords = cache(async (query: string, verbatim: boolean): Promise<MeantWord[]> => {
  // The typed words' stems are asked beside their corrections, not after them: a word new to this process costs one
  // round trip's wait, not two (lexemesOf then finds them known, and asks only for a correction's stem).
  const [words] = await Promise.all([correctedWords(query, verbatim), stemsOf(queryWords(query))]);
  const lexemes = await lexemesOf(words);
  return words.map((w, i) => ({ ...w, prefixes: lexemes[i]?.prefixes ?? [], exact: lexemes[i]?.exact ?? null }));
});

/** The words of a search's query and what they mean; null for no query. */
export function wordsOf(f: SearchFilters): Promise<MeantWord[] | null> {
  return f.query ? meantWords(f.query, f.verbatim === true) : Promise.resolve(null);
}

/** What typo correction did to a query's words (word → its correction, or null), for the page's notice; none when verbatim. */
export const queryCorrections = cache(async (query: string | null, verbatim = false): Promise<WordCorrection[]> => {
  if (!query || verbatim) return [];
  const words = queryWords(query);
  const corrected = await correct(words);
  return words.map((word) => ({ word, corrected: corrected.get(word) ?? null }));
});

/** The words that mean something: a stop word (no stem, no correction) is dropped. */
export function meaningful(words: MeantWord[]): MeantWord[] {
  return words.filter((w) => w.prefixes.length > 0 || w.exact !== null);
}
