import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { wordMemo } from "./word-memo";

// The lexemes a query word stands for, as both engines match them: PostgreSQL's English stems (to_tsvector),
// the same the search documents and postings hold.

/** A query word as typed, and its typo correction. */
export type QueryWord = { word: string; correction: string | null };

const stems = wordMemo<string>(
  async (words) => {
    const rows = z.array(z.object({ word: z.string(), stem: z.string().nullable() })).parse(
      await db.$queryRaw<unknown[]>(Prisma.sql`
        SELECT w AS word, (SELECT min(v.lexeme) FROM unnest(to_tsvector('english', w)) v) AS stem FROM unnest(${words}::text[]) w`),
    );
    return new Map(rows.flatMap((row) => (row.stem === null ? [] : [[row.word, row.stem]])));
  },
  { max: 50_000 },
);

/** Each word's English stem, the lexeme its documents hold (null for a stop word); kept, as it never changes. */
export function stemsOf(words: string[]): Promise<Map<string, string | null>> {
  return stems.get(words);
}

/**
 * The beginnings of the lexemes a query word means (none for a stop word): its stem's, and the word as typed
 * when stemming rewrote its end. A half-typed word must still mean the words it begins: "analy" stems to
 * "anali", which begins none of "analyt" (analytics), "analysi" or "analyz"; "cry" to "cri", not "crypto".
 * A whole word gains nothing from the second ("city" → "citi", and no lexeme begins "city").
 */
function prefixesOf(word: string, stem: string | null): string[] {
  if (stem === null) return [];
  if (word.startsWith(stem)) return [stem];
  if (stem.startsWith(word)) return [word];
  return [stem, word];
}

/** What a query word means: the lexemes its prefixes begin (prefixesOf), and its correction's stem (null: none). */
export type MeantLexemes = { prefixes: string[]; exact: string | null };

/** What each query word means, in order; a stop word has no prefixes (and its correction's stem, if corrected). */
export async function lexemesOf(words: QueryWord[]): Promise<MeantLexemes[]> {
  const stemmed = await stemsOf(words.flatMap((w) => (w.correction ? [w.word, w.correction] : [w.word])));
  return words.map((w) => ({
    prefixes: prefixesOf(w.word, stemmed.get(w.word) ?? null),
    exact: w.correction ? (stemmed.get(w.correction) ?? null) : null,
  }));
}
