import { sampleTestFreshSince } from "@/lib/model/figures/sample-tested";
import type { FacetRow } from "@/lib/domain/search/facet-rows";
import { CATEGORY, CLASS, EXCLUDED, LANGUAGE, PRICE, REGION } from "./conditions";
import { NO, type Listings } from "./listings";
import type { Matches } from "./matches";

// Counting in memory: a search's total, and its facet rows as PostgreSQL's counting statement gives them
// (postgres/facets.ts) with no sampling.

const TAG_LIMIT = 24;

/**
 * A search's matches (every listing when there are no words to match: null), as `count` numbers read with `at`.
 * Callers loop over them inline, with no function of theirs called per match.
 */
export function candidatesOf(listings: Listings, matches: Matches | null): { count: number; at: (j: number) => number } {
  if (matches === null) return { count: listings.used, at: (j) => j };
  const { numbers } = matches;
  return { count: numbers.length, at: (j) => numbers[j] ?? 0 };
}

/** How many of `matches` pass `test` (the facet rows' "total", without the facets). */
export function totalOf(listings: Listings, matches: Matches | null, test: (i: number) => number): number {
  const { count, at } = candidatesOf(listings, matches);
  let total = 0;
  for (let j = 0; j < count; j++) if (test(at(j)) === 0) total += 1;
  return total;
}

/**
 * The facet rows of `matches` (null: every listing) under `test` (conditionsOf) at `now`: the same rows
 * PostgreSQL's counting statement gives with no sampling.
 */
export function facetRowsOf(listings: Listings, matches: Matches | null, test: (i: number) => number, now: Date): FacetRow[] {
  const fresh = sampleTestFreshSince(now).getTime();
  let total = 0;
  let testedYes = 0;
  let notRetained = 0;
  let noTraining = 0;
  let paid = 0;
  let freeOnly = 0;
  let freeToTry = 0;
  const byCategory = new Uint32Array(listings.categories.values.length);
  const byClass = new Uint32Array(listings.classes.values.length);
  const byLanguage = new Uint32Array(listings.languageNames.values.length);
  const byRegion = new Uint32Array(listings.regionNames.values.length);
  const byTag = new Uint32Array(listings.tagSlugs.values.length);

  // The arrays as locals and indexed loops: this runs once per match (a common word: 100,000 at a million listings).
  const [flagsOf, categoryOf, classOf] = [listings.flags, listings.category, listings.class];
  const [languageStarts, languageValues, regionStarts, regionValues, tagStarts, tagValues] = [
    listings.languages.starts,
    listings.languages.values,
    listings.regions.starts,
    listings.regions.values,
    listings.tags.starts,
    listings.tags.values,
  ];
  const [retainedOf, trainingOf] = [listings.inputsRetained, listings.usedForTraining];
  const candidates = candidatesOf(listings, matches);
  for (let j = 0; j < candidates.count; j++) {
    const i = candidates.at(j);
    const failed = test(i);
    // Excluded, or failing two single-choice filters: counted nowhere.
    if (failed === EXCLUDED || (failed & (failed - 1)) !== 0) continue;
    const flags = flagsOf[i] ?? 0;
    if (failed === 0 || failed === CATEGORY) byCategory[categoryOf[i] ?? 0]! += 1;
    if (failed === 0 || failed === CLASS) byClass[classOf[i] ?? 0]! += 1;
    if (failed === 0 || failed === PRICE) {
      if ((flags & 1) !== 0) paid += 1;
      else freeOnly += 1;
      if ((flags & 2) !== 0) freeToTry += 1;
    }
    if (failed === 0 || failed === LANGUAGE) {
      for (let k = languageStarts[i] ?? 0, end = languageStarts[i + 1] ?? 0; k < end; k++) byLanguage[languageValues[k] ?? 0]! += 1;
    }
    if (failed === 0 || failed === REGION) {
      for (let k = regionStarts[i] ?? 0, end = regionStarts[i + 1] ?? 0; k < end; k++) byRegion[regionValues[k] ?? 0]! += 1;
    }
    if (failed !== 0) continue;
    total += 1;
    if (listings.tested(i, fresh)) testedYes += 1;
    if (retainedOf[i] === NO) notRetained += 1;
    if (trainingOf[i] === NO) noTraining += 1;
    for (let k = tagStarts[i] ?? 0, end = tagStarts[i + 1] ?? 0; k < end; k++) byTag[tagValues[k] ?? 0]! += 1;
  }

  const rows: FacetRow[] = [{ facet: "total", value: null, label: null, n: total }];
  const push = (facet: string, names: string[], counts: Uint32Array) =>
    counts.forEach((n, id) => {
      if (n > 0) rows.push({ facet, value: names[id] ?? null, label: null, n });
    });
  push("category", listings.categories.values, byCategory);
  push("class", listings.classes.values, byClass);
  if (paid > 0) rows.push({ facet: "price", value: "paid", label: null, n: paid });
  if (freeOnly > 0) rows.push({ facet: "price", value: "free", label: null, n: freeOnly });
  if (freeToTry > 0) rows.push({ facet: "price", value: "free_to_try", label: null, n: freeToTry });
  if (testedYes > 0) rows.push({ facet: "tested", value: "yes", label: null, n: testedYes });
  push("language", listings.languageNames.values, byLanguage);
  push("region", listings.regionNames.values, byRegion);
  if (notRetained > 0) rows.push({ facet: "data", value: "inputs_not_retained", label: null, n: notRetained });
  if (noTraining > 0) rows.push({ facet: "data", value: "no_training", label: null, n: noTraining });
  // The most common tags that have a "Tag" row, ties in PostgreSQL's slug order.
  const tagIds = [...byTag.keys()].filter((t) => (byTag[t] ?? 0) > 0 && (listings.tagRank[t] ?? -1) >= 0);
  tagIds.sort((a, b) => (byTag[b] ?? 0) - (byTag[a] ?? 0) || (listings.tagRank[a] ?? 0) - (listings.tagRank[b] ?? 0));
  for (const t of tagIds.slice(0, TAG_LIMIT)) {
    rows.push({ facet: "tag", value: listings.tagSlugs.values[t] ?? null, label: listings.tagLabel[t] ?? null, n: byTag[t] ?? 0 });
  }
  return rows;
}
