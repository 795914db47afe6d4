import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";

// One-word searches ranked from the postings (model SearchPosting, kept with the search documents): each
// word the query means — the words its stem begins, and its typo correction — is read in the postings'
// index order (rank, then newest), best first, K at a time; only those candidates are joined to their rows
// for the visibility rule and the filters. The answer is exact, not an approximation: a candidate ranks
// where it does among all matches when it is a name match (always read) or ranks at or above the best
// K-th posting of any word that had more than K; a page that needs rows below that line asks again with a
// larger K, then hands over to ranking every match (lib/search/search.ts).

/** How many words a half-typed word may stand for here; more (one or two letters) is ranked the usual way. */
const MAX_TERMS = 64;

const stems = new Map<string, string | null>();

/** Each word's English stem, the lexeme its documents hold (null for a stop word); kept, as it never changes. */
async function stemsOf(words: string[]): Promise<Map<string, string | null>> {
  const unknown = words.filter((w) => !stems.has(w));
  if (unknown.length > 0) {
    const rows = z.array(z.object({ word: z.string(), stem: z.string().nullable() })).parse(
      await db.$queryRaw<unknown[]>(Prisma.sql`
        SELECT w AS word, (SELECT min(v.lexeme) FROM unnest(to_tsvector('english', w)) v) AS stem FROM unnest(${unknown}::text[]) w`),
    );
    if (stems.size > 50_000) stems.clear();
    for (const row of rows) stems.set(row.word, row.stem);
  }
  return new Map(words.map((w) => [w, stems.get(w) ?? null]));
}

// ids: the page's candidates that pass, best first (at most `need`); exact: every one of them ranks where it
// does among all matches; truncated: some word had more postings than were read.
const attemptSchema = z.object({ terms: z.number().int(), truncated: z.boolean(), ids: z.array(z.string()), exact: z.boolean() });
type Attempt = z.infer<typeof attemptSchema>;

async function attempt(prefix: string, exactTerms: string[], nameWords: string, where: Prisma.Sql, need: number, k: number): Promise<Attempt> {
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    WITH terms AS MATERIALIZED (
      (SELECT t."word" FROM "SearchTerm" t WHERE t."word" LIKE ${`${prefix}%`} LIMIT ${MAX_TERMS + 1})
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
      SELECT p."capabilityId", max(p."score") AS score FROM "Capability" n JOIN "SearchPosting" p ON p."capabilityId" = n."id"
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
      FROM candidates k JOIN "Capability" c ON c."id" = k.id JOIN "Agent" a ON a."id" = c."agentId"
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

/**
 * The ids of one page of a one-word search by relevance, best first (`limit` rows after `offset`, fewer on
 * the last page) — `where` holds the visibility rule and every filter but the words, over "Capability" c
 * and "Agent" a — or null when the postings cannot answer it exactly.
 */
export async function findByPostings(input: {
  word: string;
  correction: string | null;
  where: Prisma.Sql;
  limit: number;
  offset: number;
}): Promise<string[] | null> {
  const { word, correction, where, limit, offset } = input;
  const stemmed = await stemsOf(correction ? [word, correction] : [word]);
  const prefix = stemmed.get(word);
  if (!prefix) return null;
  const corrected = correction ? stemmed.get(correction) : null;
  const need = offset + limit;
  for (const k of [Math.max(100, need * 3), Math.max(1_600, need * 48)]) {
    const found = await attempt(prefix, corrected ? [corrected] : [], word, where, need, k);
    if (found.terms > MAX_TERMS) return null;
    // A full page must rank exactly; a short one must have seen every match.
    const whole = found.ids.length === need ? found.exact : !found.truncated;
    if (whole) return found.ids.slice(offset);
  }
  return null;
}
