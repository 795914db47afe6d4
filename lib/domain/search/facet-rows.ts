import { PRICES } from "./filters";

// Facet counts as both engines give them: rows of the counting statement (PostgreSQL) or of the index's count
// (memory), shaped the same way for the page.

/** One facet value's count, as the counting statement returns it (facet "total": value null). */
export type FacetRow = { facet: string; value: string | null; label: string | null; n: number };

export type FacetKey = "category" | "tag" | "class" | "price" | "tested" | "language" | "region" | "data";

export type FacetValue = { value: string; label: string | null; count: number };
/** `approximate`: counted on a sample of more than 10,000 matches, each count an estimate (lib/domain/search/postgres/postings.ts, sampleOfMatches). */
export type Facets = { total: number; approximate: boolean } & Record<FacetKey, FacetValue[]>;

const facetKeys: readonly FacetKey[] = ["category", "tag", "class", "price", "tested", "language", "region", "data"];

/** The facets of the counting statement's rows (or the index's, which are the same), each count × `scale`, in the order the page shows them. */
export function facetsOf(rows: FacetRow[], scale: number, approximate: boolean): Facets {
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
