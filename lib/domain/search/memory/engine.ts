import type { Audience } from "@/lib/model/catalog/visibility";
import type { EngineSearch, PageRequest, SearchEngine } from "@/lib/domain/search/engine";
import { facetsOf, type Facets } from "@/lib/domain/search/facet-rows";
import type { MeantLexemes } from "@/lib/domain/search/lexemes";
import { queryWords } from "@/lib/domain/search/query-words";
import { meaningful, type MeantWord } from "@/lib/domain/search/words";
import type { SharedIndex } from "./shared-index";

// The in-memory engine: one shared audience's searches answered from a SharedIndex, exactly as the PostgreSQL
// engine answers them (counts are never sampled here).

/** The query's words as the index matches them: null for no query, [] when no word means anything. */
function indexWords(words: MeantWord[] | null): MeantLexemes[] | null {
  return words === null ? null : meaningful(words);
}

export class MemoryEngine implements SearchEngine {
  readonly kind = "memory";
  constructor(
    private readonly index: SharedIndex,
    private readonly audience: Audience,
  ) {}

  async pageIds(search: EngineSearch, page: PageRequest): Promise<string[]> {
    const { filters: f, words, now } = search;
    // By relevance a name that says exactly the query's words comes first (the order by name is PostgreSQL's, read at the load).
    const nameWords = f.query ? queryWords(f.query).join(" ") : null;
    return this.index.page(this.audience, f, { words: indexWords(words), nameWords, sort: page.sort, limit: page.limit, offset: page.offset, now });
  }

  async facets(search: EngineSearch): Promise<Facets> {
    return facetsOf(this.index.count(this.audience, search.filters, indexWords(search.words), search.now), 1, false);
  }

  async total(search: EngineSearch): Promise<number> {
    return this.index.total(this.audience, search.filters, indexWords(search.words), search.now);
  }
}
