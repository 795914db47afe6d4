import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { listingsGeneration } from "@/lib/model/catalog/listing-changes";
import type { Audience } from "@/lib/model/catalog/visibility";
import { sampleTestedSql } from "@/lib/model/figures/sample-tested";
import type { SearchFilters } from "@/lib/domain/search/filters";
import { facetsOf, type Facets } from "@/lib/domain/search/facet-rows";
import { EXACT_COUNTS_UP_TO, sampleOfMatches, type Sampling } from "./postings";
import { wordsOf } from "@/lib/domain/search/words";
import { baseWhereSql, fromSql, hasFreePlanSql, setSingleFacets, type SingleFacet } from "./sql";

// Facet counts in PostgreSQL: one statement per search, on a sample of the matches when there are many.

export const SAMPLING: Sampling = { exactUpTo: EXACT_COUNTS_UP_TO, target: 2_000 };

const facetRowSchema = z.object({ facet: z.string(), value: z.string().nullable(), label: z.string().nullable(), n: z.number().int() });

const FACET_TAG_LIMIT = 24;

/**
 * Live counts for every facet value among the current results: each count is how many results
 * choosing that value would leave. A single-choice facet (category, class, price, language, region) is
 * counted as if its own filter were not set, so its other values stay in view with what switching to
 * them would give. One statement: the rows matching every other filter once (with each single-choice
 * filter as a flag), then one aggregate each.
 */
export async function countFacetsUncached(visible: Prisma.Sql, f: SearchFilters, now: Date, sampling: Sampling | null): Promise<Facets> {
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
  const others = (except: SingleFacet | null) => Prisma.raw(["TRUE", ...set.filter(([k]) => k !== except).map(([k]) => `m."ok_${k}"`)].join(" AND "));
  const all = others(null);
  const flags = set.map(([k, condition]) => Prisma.sql`, ${condition} AS ${Prisma.raw(`ok_${k}`)}`);
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    WITH m AS MATERIALIZED (
      SELECT c."id", split_part(c."category", '.', 1) AS category, c."class"::text AS class, c."isPaid",
             c."agentLanguages" AS "languages", c."processingRegions", c."inputsRetained", c."usedForTraining", c."tagSlugs",
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

// Viewers who see the same listings get the same counts (lib/model/catalog/visibility.ts, audienceOf), so an
// audience's counts for a given search are shared for a few seconds: the unfiltered home page would otherwise
// count every listing per request, for every signed-in person too.
const AUDIENCE_TTL_MS = 15_000;
const sharedFacets = new Map<string, { at: number; facets: Promise<Facets> }>();

/** The counts of a shared audience's search, shared by that audience for a few seconds and forgotten on every listing write. */
export function audienceFacets(audience: Audience, visible: Prisma.Sql, f: SearchFilters, now: Date, sampling: Sampling | null): Promise<Facets> {
  // Keyed by the listings' generation too: after a write anywhere (a suspension, an unpublish) no count made
  // before it is served again, as for the shared pages.
  const key = `${listingsGeneration()}\n${audience}\n${JSON.stringify([f, sampling])}`;
  const hit = sharedFacets.get(key);
  if (hit && now.getTime() - hit.at < AUDIENCE_TTL_MS) return hit.facets;
  const facets = countFacetsUncached(visible, f, now, sampling);
  if (sharedFacets.size > 500) sharedFacets.clear();
  sharedFacets.set(key, { at: now.getTime(), facets });
  facets.catch(() => sharedFacets.delete(key));
  return facets;
}
