import type { Viewer } from "@/lib/model/accounts/viewer";
import type { SearchFilters, Sort } from "./filters";
import type { Facets } from "./facet-rows";
import type { MeantWord } from "./words";

// One search, two engines that answer it alike: PostgreSQL's statements (postgres/), which answer any viewer,
// and the in-memory index (memory/), which answers the shared audiences ("everyone", "adults":
// lib/model/catalog/visibility.ts, audienceOf) while it is current. search.ts chooses between them per search; the
// behaviour suite (engine.behaviour.ts) runs the same cases against both.

/** A search as an engine is asked it: whose, with which filters, the query's words as words.ts reads them, and when. */
export type EngineSearch = {
  viewer: Viewer | null;
  filters: SearchFilters;
  /** null: no query; otherwise every word, stop words included (each engine drops what means nothing). */
  words: MeantWord[] | null;
  now: Date;
};

export type PageRequest = { sort: Sort; limit: number; offset: number };

export interface SearchEngine {
  readonly kind: "postgres" | "memory";
  /** The row ids of the matches `limit` after `offset`, best first in `sort`'s order. */
  pageIds(search: EngineSearch, page: PageRequest): Promise<string[]>;
  /** Live counts for every facet value among the matches, and their total. */
  facets(search: EngineSearch): Promise<Facets>;
  /** How many listings match. */
  total(search: EngineSearch): Promise<number>;
}
