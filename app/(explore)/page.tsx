import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/ui/pager";
import { notFound } from "next/navigation";
import { SearchFacets } from "@/components/listings/search-facets";
import { toTwoFigures } from "@/components/listings/shown-count";
import { SearchForm, type SortOption } from "@/components/listings/search-form";
import { ServiceList } from "@/components/listings/service-card";
import { TypoNoticeLine } from "@/components/listings/typo-notice";
import { getViewer, type Viewer } from "@/lib/model/accounts/viewer";
import { countMatching, searchServices } from "@/lib/domain/search/search";
import { chosenFilters, type ChosenFilter } from "@/lib/domain/search/chosen-filters";
import { typoNotice } from "@/lib/domain/search/typo-notice";
import { isAdultWithMatureOff } from "@/lib/model/catalog/visibility";
import { HiddenMatureNotice } from "@/components/data-rules/hidden-mature-notice";
import { DataRulesFilter } from "@/components/data-rules/data-rules-filter";
import { resolveRulesFilter } from "@/lib/domain/data-rules/queries";
import { matchingCapabilityIds } from "@/lib/domain/data-rules/where";
import {
  PAGE_SORTS,
  hasFacetFilters,
  noFilters,
  pageStateSearch,
  parsePageState,
  searchHref,
  type PageSort,
  type PageState,
} from "@/lib/domain/search/filters";

// The home page is the search page: every bit of state is in the URL.
const PAGE_SIZE = 24;

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const sortLabels: Record<PageSort, string> = {
  relevance: "Best match",
  newest: "Newest",
  name: "Name (A–Z)",
  most_run: "Most run (30 days)",
};

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const state = parsePageState(await searchParams);
  const { query } = state.filters;
  if (!query && !hasFacetFilters(state.filters) && state.page === 1 && state.sort === "newest") {
    return { title: { absolute: "Explore: agent services" }, alternates: { canonical: "/" } };
  }
  // Result pages are for people; search engines get the listings themselves (sitemap.xml).
  return {
    title: query ? `“${query}”: search` : state.page > 1 ? `Services, page ${state.page}` : "Search services",
    robots: { index: false, follow: true },
    alternates: { canonical: `/${pageStateSearch(state)}` },
  };
}

export default async function SearchPage({ searchParams }: Props) {
  const params = await searchParams;
  const state = parsePageState(params);
  const { query } = state.filters;
  // New words get typo correction again: "verbatim" belongs to the words it was asked for.
  const hidden = [...new URLSearchParams(pageStateSearch({ filters: { ...state.filters, query: null, verbatim: false }, sort: "newest", page: 1 }))];
  // Data rules ride along as their own parameter (lib/domain/data-rules/url.ts).
  if (typeof params.rules === "string") hidden.push(["rules", params.rules]);
  const sortOptions: SortOption[] = PAGE_SORTS.filter((s) => s !== "relevance" || query).map((value) => ({ value, label: sortLabels[value] }));
  const explicitSort = state.sort !== (query ? "relevance" : "newest");

  return (
    <div className="flex flex-col gap-6">
      {/* The first Tab stop after the header: past the search box and the filters, straight to the results. */}
      <a
        href="#results"
        className="sr-only focus:not-sr-only focus:self-start focus:rounded-md focus:bg-surface focus:px-3 focus:py-1.5 focus:text-accent focus:underline focus:shadow"
      >
        Skip to results
      </a>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{query ? `Services matching “${query}”` : "Agent services"}</h1>
        <p className="mt-1 text-muted-foreground">Find a service, read what it does and how it handles data, and run it.</p>
      </div>
      <SearchForm query={query ?? ""} sort={state.sort} sortExplicit={explicitSort} sortOptions={sortOptions} hidden={hidden} />
      {/* Rendered in the page, not streamed behind a Suspense boundary: streamed content needs
          JavaScript to appear, and this page must work without it. With it, the form and the
          filter links say that results are on their way. */}
      <Results state={state} params={params} />
    </div>
  );
}

async function Results({ state, params }: { state: PageState; params: Record<string, string | string[] | undefined> }) {
  const viewer = await getViewer();
  const rulesFilter = await resolveRulesFilter(viewer, params.rules);
  const filters = { ...state.filters, matchingIds: rulesFilter.active ? await matchingCapabilityIds(rulesFilter.rules) : null };
  const [{ results, hasMore, facets, corrections }, hiddenMature] = await Promise.all([
    searchServices(viewer, filters, {
      sort: state.sort,
      page: state.page,
      pageSize: PAGE_SIZE,
    }),
    // "N results hidden by your 18+ setting": the same search as if 18+ were on, minus this one (adults with 18+ off only).
    viewer && isAdultWithMatureOff(viewer) ? countMatching({ ...viewer, showMature: true }, filters, new Date()) : Promise.resolve(null),
  ]);
  if (state.page > 1 && results.length === 0) notFound();
  // The facets' total is an estimate past 10,000 matches: then this viewer's matches are counted whole.
  const hiddenByMature =
    hiddenMature === null || viewer === null ? null : hiddenMature - (facets.approximate ? await countMatching(viewer, filters, new Date()) : facets.total);
  const { query } = state.filters;
  const chosen = chosenFilters(state);
  const filtered = hasFacetFilters(state.filters);
  const chosenCount = chosen.length + (rulesFilter.active ? 1 : 0);
  const suggestions = results.length === 0 && chosen.length > 0 ? await dropSuggestions(viewer, state, filters, chosen) : [];
  const notice = typoNotice(query, corrections);

  return (
    <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)] lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside aria-labelledby="filters-heading" className="min-w-0">
        {/* The outline goes h1 → Filters → each facet (h3) → results; on phones the drawer's summary says it too. */}
        <h2 id="filters-heading" className="sr-only">
          Filters
        </h2>
        {/* On phones a closed drawer (the first result stays near the top); from 768 px always open (globals.css). */}
        <details className="filters-drawer group/drawer rounded-lg border border-border bg-surface md:border-0 md:bg-transparent">
          <summary className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 font-semibold md:hidden">
            <span>
              Filters
              {chosenCount > 0 ? (
                <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
                  {chosenCount}
                  <span className="sr-only"> chosen</span>
                </span>
              ) : null}
            </span>
            <span aria-hidden="true" className="text-sm font-normal text-muted-foreground">
              <span className="group-open/drawer:hidden">Show</span>
              <span className="hidden group-open/drawer:inline">Hide</span>
            </span>
          </summary>
          <div className="flex flex-col gap-4 p-3 md:p-0">
            <DataRulesFilter pathname="/" params={params} filter={rulesFilter} signedIn={viewer !== null} />
            <SearchFacets state={state} facets={facets} />
          </div>
        </details>
      </aside>
      <section id="results" tabIndex={-1} aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-4 focus:outline-none">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          {/* Announced when it changes (search as you type, a facet link): polite, the count only. */}
          <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite">
            {facets.approximate
              ? `About ${toTwoFigures(facets.total).toLocaleString("en")} services`
              : facets.total === 1
                ? "1 service"
                : `${facets.total.toLocaleString("en")} services`}
            {state.page > 1 ? `, page ${state.page}` : ""}
          </h2>
          {query || filtered ? (
            <Link href="/" className="text-sm text-accent underline">
              Clear search and filters
            </Link>
          ) : null}
        </div>
        <TypoNoticeLine notice={notice} insteadHref={searchHref(state, { filters: { verbatim: true } })} />
        {hiddenByMature !== null ? <HiddenMatureNotice count={hiddenByMature} /> : null}
        <ActiveFilters state={state} chosen={chosen} />
        {results.length === 0 ? <EmptyState state={state} suggestions={suggestions} /> : <ServiceList services={results} />}
        <Pager page={state.page} hasMore={hasMore} hrefOf={(p) => searchHref(state, { page: p })} />
      </section>
    </div>
  );
}

type Suggestion = { label: string; href: string; count: number };

/**
 * For an empty result: each chosen filter dropped on its own, with how many services that would give, best
 * first (only those that give any). One count per chosen filter, and only on an empty page, so it stays cheap.
 */
async function dropSuggestions(viewer: Viewer | null, state: PageState, filters: PageState["filters"], chosen: ChosenFilter[]): Promise<Suggestion[]> {
  const now = new Date();
  const counts = await Promise.all(chosen.map((c) => countMatching(viewer, { ...filters, ...c.without }, now)));
  return chosen
    .map((c, i) => ({ label: c.label, href: searchHref(state, { filters: c.without }), count: counts[i] ?? 0 }))
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count);
}

/** The chosen filters as removable chips, so what narrows the results is always in view. */
function ActiveFilters({ chosen, state }: { chosen: ChosenFilter[]; state: PageState }) {
  if (chosen.length === 0) return null;
  return (
    <ul aria-label="Chosen filters" className="flex flex-wrap gap-2">
      {chosen.map((chip) => (
        <li key={chip.key}>
          <Link
            href={searchHref(state, { filters: chip.without })}
            scroll={false}
            className="inline-flex items-center gap-1 rounded-full border border-border bg-muted px-3 py-1 text-sm hover:bg-surface"
          >
            {chip.label}
            <span aria-hidden="true">×</span>
            <span className="sr-only">(remove this filter)</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ state, suggestions }: { state: PageState; suggestions: Suggestion[] }) {
  const { query } = state.filters;
  const filtered = hasFacetFilters(state.filters);
  if (!query && !filtered) {
    return (
      <div className="rounded-lg border border-dashed border-border p-6">
        <p>No services are published yet.</p>
        <p className="mt-2 text-sm text-muted-foreground">
          Publishing an agent?{" "}
          <Link href="/dashboard/import" className="text-accent underline">
            Import its agent.json
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-dashed border-border p-6">
      <p className="font-medium">
        No services match{query ? ` “${query}”` : ""}
        {filtered ? " with these filters" : ""}.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {query ? <li>Check the spelling, or try fewer or more general words.</li> : null}
        {suggestions.map((s) => (
          <li key={s.href}>
            <Link href={s.href} className="text-accent underline">
              Drop “{s.label}”
            </Link>{" "}
            <span className="text-muted-foreground">({s.count === 1 ? "1 service" : `${s.count} services`})</span>
          </li>
        ))}
        {filtered && suggestions.length === 0 ? <li>Remove a filter above, or look at the counts beside the filters to see what is there.</li> : null}
        {query && filtered ? (
          <li>
            <Link href={searchHref(state, { filters: { ...noFilters, query } })} className="text-accent underline">
              Search all services for “{query}”
            </Link>
          </li>
        ) : null}
        <li>
          <Link href="/" className="text-accent underline">
            Browse every service
          </Link>
        </li>
      </ul>
    </div>
  );
}
