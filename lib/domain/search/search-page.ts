import "server-only";
import { isAdultWithMatureOff } from "@/lib/model/catalog/visibility";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { resolveRulesFilter, type RulesFilter } from "@/lib/domain/data-rules/queries";
import { matchingCapabilityIds } from "@/lib/domain/data-rules/where";
import { chosenFilters, type ChosenFilter } from "./chosen-filters";
import { searchHref, type PageState } from "./filters";
import { countMatching, searchServices, type Facets, type SearchResult } from "./search";
import { typoNotice, type TypoNotice } from "./typo-notice";

// Everything the search page (the home page) shows, gathered for one viewer and one URL: the page only composes it.

const SEARCH_PAGE_SIZE = 24;

/** For an empty result: a chosen filter dropped on its own, and how many services that would give. */
export type DropSuggestion = { label: string; href: string; count: number };

export type SearchPage = {
  results: SearchResult[];
  hasMore: boolean;
  facets: Facets;
  notice: TypoNotice | null;
  /** How many more services 18+ on would show (signed-in adults with it off only), else null. */
  hiddenByMature: number | null;
  chosen: ChosenFilter[];
  rulesFilter: RulesFilter;
  suggestions: DropSuggestion[];
};

/** The page's data (`rulesParam`: the data rules' own parameter). A page past the last has no results. */
export async function searchPage(viewer: Viewer | null, state: PageState, rulesParam: string | string[] | undefined): Promise<SearchPage> {
  const rulesFilter = await resolveRulesFilter(viewer, rulesParam);
  const filters = { ...state.filters, matchingIds: rulesFilter.active ? await matchingCapabilityIds(rulesFilter.rules) : null };
  const now = new Date();
  const [{ results, hasMore, facets, corrections }, withMatureOn] = await Promise.all([
    searchServices(viewer, filters, { sort: state.sort, page: state.page, pageSize: SEARCH_PAGE_SIZE }),
    // "N results hidden by your 18+ setting": the same search as if 18+ were on, minus this one.
    viewer && isAdultWithMatureOff(viewer) ? countMatching({ ...viewer, showMature: true }, filters, now) : Promise.resolve(null),
  ]);
  // The facets' total is an estimate past 10,000 matches: then this viewer's matches are counted whole.
  const hiddenByMature =
    withMatureOn === null || viewer === null ? null : withMatureOn - (facets.approximate ? await countMatching(viewer, filters, now) : facets.total);
  const chosen = chosenFilters(state);
  // One count per chosen filter, and only on an empty page, so it stays cheap.
  const suggestions =
    state.page === 1 && results.length === 0 && chosen.length > 0
      ? (
          await Promise.all(
            chosen.map(async (c) => ({
              label: c.label,
              href: searchHref(state, { filters: c.without }),
              count: await countMatching(viewer, { ...filters, ...c.without }, now),
            })),
          )
        )
          .filter((s) => s.count > 0)
          .sort((a, b) => b.count - a.count)
      : [];
  return { results, hasMore, facets, notice: typoNotice(state.filters.query, corrections), hiddenByMature, chosen, rulesFilter, suggestions };
}
