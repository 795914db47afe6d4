import { daysBefore, UNREACHABLE_WINDOW_DAYS } from "@/lib/model/figures/reputation";
import { sampleTestFreshSince } from "@/lib/model/figures/sample-tested";
import type { Audience } from "@/lib/model/catalog/visibility";
import type { SearchFilters } from "@/lib/domain/search/filters";
import { NO, seenByAtLeast, type Listings } from "./listings";

// A search's conditions in memory, each written as PostgreSQL's WHERE writes it (postgres/sql.ts, whereSql).
// Time-bound conditions ("sample-tested" for 7 days, "unreachable" for 3) are decided at the moment asked.

// The single-choice filters a listing fails, as bits: it counts for a facet only when no other one fails.
export const CATEGORY = 1;
export const CLASS = 2;
export const PRICE = 4;
export const LANGUAGE = 8;
export const REGION = 16;
export const EXCLUDED = -1;

/**
 * The test of a search's conditions for one listing: EXCLUDED by the audience or a condition that is not a
 * single-choice filter, else the bits of the single-choice filters it fails (0: it is a result).
 */
export function conditionsOf(listings: Listings, audience: Audience, f: SearchFilters, now: Date): (i: number) => number {
  const least = seenByAtLeast(audience);
  const only = f.matchingIds ? listings.markOf(f.matchingIds) : null;
  const wantedTags = f.tags.map((slug) => listings.tagSlugs.find(slug) ?? -1);
  const fresh = sampleTestFreshSince(now).getTime();
  const recent = daysBefore(now, UNREACHABLE_WINDOW_DAYS).getTime();
  const notRetained = f.dataRules.includes("inputs_not_retained");
  const noTraining = f.dataRules.includes("no_training");
  const category = f.category === null ? null : (listings.categories.find(f.category) ?? -1);
  const klass = f.class === null ? null : (listings.classes.find(f.class) ?? -1);
  const language = f.language === null ? null : (listings.languageNames.find(f.language) ?? -1);
  const region = f.region === null ? null : (listings.regionNames.find(f.region) ?? -1);
  const { sampleTested, minReputation, includeUnreachable, price } = f;
  // Locals, not fields: this runs once per match (unseen, shared with health(), measured no slower: bebabf8).
  const [tags, flagsOf, retainedOf, trainingOf, reputationOf] = [
    listings.tags,
    listings.flags,
    listings.inputsRetained,
    listings.usedForTraining,
    listings.reputation,
  ];
  const [categoryOf, classOf, languages, regions] = [listings.category, listings.class, listings.languages, listings.regions];
  return (i) => {
    if (listings.unseen(i, least)) return EXCLUDED;
    if (only && only[i] === 0) return EXCLUDED;
    for (const t of wantedTags) if (!tags.has(i, t)) return EXCLUDED;
    const flags = flagsOf[i] ?? 0;
    if (sampleTested && !listings.tested(i, fresh)) return EXCLUDED;
    if (notRetained && retainedOf[i] !== NO) return EXCLUDED;
    if (noTraining && trainingOf[i] !== NO) return EXCLUDED;
    if (minReputation !== null && !((reputationOf[i] ?? Number.NaN) >= minReputation)) return EXCLUDED;
    if (!includeUnreachable && listings.unreachable(i, recent)) return EXCLUDED;
    let failed = 0;
    if (category !== null && categoryOf[i] !== category) failed |= CATEGORY;
    if (klass !== null && classOf[i] !== klass) failed |= CLASS;
    if (price !== null) {
      const ok = price === "free_to_try" ? (flags & 2) !== 0 : price === "paid" ? (flags & 1) !== 0 : (flags & 1) === 0;
      if (!ok) failed |= PRICE;
    }
    if (language !== null && !languages.has(i, language)) failed |= LANGUAGE;
    if (region !== null && !regions.has(i, region)) failed |= REGION;
    return failed;
  };
}
