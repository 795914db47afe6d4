import Link from "next/link";
import { Pager } from "@/components/ui/pager";
import { SearchFacets } from "@/components/listings/search-facets";
import { toTwoFigures } from "@/components/listings/shown-count";
import { ServiceList } from "@/components/listings/service-card";
import { TypoNoticeLine } from "@/components/listings/typo-notice";
import { HiddenMatureNotice } from "@/components/data-rules/hidden-mature-notice";
import { DataRulesFilter } from "@/components/data-rules/data-rules-filter";
import type { ChosenFilter } from "@/lib/domain/search/chosen-filters";
import { hasFacetFilters, noFilters, searchHref, type PageState } from "@/lib/domain/search/filters";
import type { DropSuggestion, SearchPage } from "@/lib/domain/search/search-page";

type Props = { page: SearchPage; state: PageState; params: Record<string, string | string[] | undefined>; signedIn: boolean };

/** The search page below its form: the filters (a drawer on phones) beside the results, their count, notices and pager. */
export function SearchResults({ page, state, params, signedIn }: Props) {
  const { results, hasMore, facets, notice, hiddenByMature, chosen, rulesFilter, suggestions } = page;
  const { query } = state.filters;
  const filtered = hasFacetFilters(state.filters);
  const chosenCount = chosen.length + (rulesFilter.active ? 1 : 0);

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
            <DataRulesFilter pathname="/" params={params} filter={rulesFilter} signedIn={signedIn} />
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

function EmptyState({ state, suggestions }: { state: PageState; suggestions: DropSuggestion[] }) {
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
