import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { SearchFacets, dataRuleLabels, priceLabels } from "@/components/listings/search-facets";
import { SearchForm, type SortOption } from "@/components/listings/search-form";
import { ServiceList } from "@/components/listings/service-card";
import { classLabels, fieldLabel, languageLabel, regionLabel } from "@/lib/listings/labels";
import { getViewer } from "@/lib/accounts/viewer";
import { countMatching, searchServices } from "@/lib/search/search";
import { isAdultWithMatureOff } from "@/lib/catalog/visibility";
import { HiddenMatureNotice } from "@/components/data-rules/hidden-mature-notice";
import { DataRulesFilter } from "@/components/data-rules/data-rules-filter";
import { resolveRulesFilter } from "@/lib/data-rules/queries";
import { matchingCapabilityIds } from "@/lib/data-rules/where";
import {
  PAGE_SORTS,
  hasFacetFilters,
  noFilters,
  pageStateSearch,
  parsePageState,
  searchHref,
  type PageSort,
  type PageState,
} from "@/lib/search/filters";

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
  const hidden = [...new URLSearchParams(pageStateSearch({ filters: { ...state.filters, query: null }, sort: "newest", page: 1 }))];
  // Data rules ride along as their own parameter (lib/data-rules/url.ts).
  if (typeof params.rules === "string") hidden.push(["rules", params.rules]);
  const sortOptions: SortOption[] = PAGE_SORTS
    .filter((s) => s !== "relevance" || query)
    .map((value) => ({ value, label: sortLabels[value] }));
  const explicitSort = state.sort !== (query ? "relevance" : "newest");

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{query ? `Services matching “${query}”` : "Agent services"}</h1>
        <p className="mt-1 text-muted-foreground">
          Find a service, read what it does and how it handles data, and run it.
        </p>
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
  const [{ results, hasMore, facets }, hiddenMature] = await Promise.all([
    searchServices(viewer, filters, {
      sort: state.sort,
      page: state.page,
      pageSize: PAGE_SIZE,
    }),
    // "N results hidden by your 18+ setting": the same search as if 18+ were on, minus this one (adults with 18+ off only).
    viewer && isAdultWithMatureOff(viewer)
      ? countMatching({ ...viewer, showMature: true }, filters, new Date())
      : Promise.resolve(null),
  ]);
  if (state.page > 1 && results.length === 0) notFound();
  const { query } = state.filters;
  const filtered = hasFacetFilters(state.filters);

  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside aria-label="Filters" className="min-w-0">
        <details open className="rounded-lg border border-border bg-surface p-2 lg:border-0 lg:bg-transparent lg:p-0">
          <summary className="cursor-pointer px-2 py-1 font-semibold">Filters</summary>
          <div className="mt-3 flex flex-col gap-4">
            <DataRulesFilter pathname="/" params={params} filter={rulesFilter} signedIn={viewer !== null} />
            <SearchFacets state={state} facets={facets} />
          </div>
        </details>
      </aside>
      <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="results-heading" className="text-lg font-semibold" aria-live="polite">
            {facets.total === 1 ? "1 service" : `${facets.total} services`}
            {state.page > 1 ? `, page ${state.page}` : ""}
          </h2>
          {query || filtered ? (
            <Link href="/" className="text-sm text-accent underline">
              Clear search and filters
            </Link>
          ) : null}
        </div>
        {hiddenMature !== null ? <HiddenMatureNotice count={hiddenMature - facets.total} /> : null}
        <ActiveFilters state={state} />
        {results.length === 0 ? <EmptyState state={state} /> : <ServiceList services={results} />}
        {state.page > 1 || hasMore ? (
          <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
            {state.page > 1 ? (
              <Link href={searchHref(state, { page: state.page - 1 })} rel="prev" className="text-accent underline">
                Previous page
              </Link>
            ) : (
              <span />
            )}
            <span aria-current="page">Page {state.page}</span>
            {hasMore ? (
              <Link href={searchHref(state, { page: state.page + 1 })} rel="next" className="text-accent underline">
                Next page
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/** The chosen filters as removable chips, so what narrows the results is always in view. */
function ActiveFilters({ state }: { state: PageState }) {
  const f = state.filters;
  const chips: { label: string; href: string }[] = [];
  if (f.sampleTested) chips.push({ label: "Sample-tested", href: searchHref(state, { filters: { sampleTested: false } }) });
  if (f.price) chips.push({ label: priceLabels[f.price], href: searchHref(state, { filters: { price: null } }) });
  if (f.class) chips.push({ label: classLabels[f.class], href: searchHref(state, { filters: { class: null } }) });
  if (f.category) chips.push({ label: fieldLabel(f.category), href: searchHref(state, { filters: { category: null } }) });
  for (const tag of f.tags) {
    chips.push({ label: `#${tag}`, href: searchHref(state, { filters: { tags: f.tags.filter((t) => t !== tag) } }) });
  }
  for (const rule of f.dataRules) {
    chips.push({ label: dataRuleLabels[rule], href: searchHref(state, { filters: { dataRules: f.dataRules.filter((r) => r !== rule) } }) });
  }
  if (f.region) chips.push({ label: `Processed in ${regionLabel(f.region)}`, href: searchHref(state, { filters: { region: null } }) });
  if (f.language) chips.push({ label: languageLabel(f.language), href: searchHref(state, { filters: { language: null } }) });
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Chosen filters" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.href}>
          <Link
            href={chip.href}
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

function EmptyState({ state }: { state: PageState }) {
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
        {filtered ? <li>Remove a filter above, or look at the counts beside the filters to see what is there.</li> : null}
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
