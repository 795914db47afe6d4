import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SearchForm, type SortOption } from "@/components/listings/search-form";
import { SearchResults } from "@/components/listings/search-results";
import { getViewer } from "@/lib/model/accounts/viewer";
import { searchPage } from "@/lib/domain/search/search-page";
import { PAGE_SORTS, hasFacetFilters, pageStateSearch, parsePageState, type PageSort, type PageState } from "@/lib/domain/search/filters";

// The home page is the search page: every bit of state is in the URL; its data is lib/domain/search/search-page.ts.

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
  const page = await searchPage(viewer, state, params.rules);
  if (state.page > 1 && page.results.length === 0) notFound();
  return <SearchResults page={page} state={state} params={params} signedIn={viewer !== null} />;
}
