import type { CapabilityClass } from "@/generated/prisma/enums";

// What a search asks for, shared by the search page (URL state) and the public API. Pure: no
// database, so components and tests can use it.

export const CLASSES = ["read_only", "transformation", "external_action"] as const satisfies readonly CapabilityClass[];
/** "free_to_try": has a free plan; "free": free only (no paid plan); "paid": has a paid plan. */
export const PRICES = ["free_to_try", "free", "paid"] as const;
export const DATA_RULES = ["inputs_not_retained", "no_training"] as const;
export const PAGE_SORTS = ["relevance", "newest", "name", "most_run"] as const;
export const SORTS = [...PAGE_SORTS, "reputation"] as const;

export type Price = (typeof PRICES)[number];
export type DataRule = (typeof DATA_RULES)[number];
export type PageSort = (typeof PAGE_SORTS)[number];
export type Sort = (typeof SORTS)[number];

export const MAX_QUERY_LENGTH = 200;
export const MAX_TAGS = 7;

export type SearchFilters = {
  query: string | null;
  /** The category's first segment ("real_estate" of "real_estate.search"). */
  category: string | null;
  /** Canonical tag slugs; a listing must carry all of them. */
  tags: string[];
  class: CapabilityClass | null;
  price: Price | null;
  sampleTested: boolean;
  /** A language the agent speaks (code as written in agent.json, e.g. "en"). */
  language: string | null;
  /** A processing region the listing declares (e.g. "DE", "EU"). */
  region: string | null;
  dataRules: DataRule[];
  /** API only: reputation at least this (0–1); listings with no reputation yet are left out. */
  minReputation: number | null;
  /** API only: false leaves out listings waiting for their adapter or failing their sample tests. */
  includeUnreachable: boolean;
  /** "Matches my data rules": only these capability rows (lib/domain/data-rules/where.ts); absent = no rule. */
  matchingIds?: readonly string[] | null;
  /** The words as typed, without typo correction ("search instead for …", URL `verbatim=1`). */
  verbatim?: boolean;
};

export const noFilters: SearchFilters = {
  query: null,
  category: null,
  tags: [],
  class: null,
  price: null,
  sampleTested: false,
  language: null,
  region: null,
  dataRules: [],
  minReputation: null,
  includeUnreachable: true,
  verbatim: false,
};

// ───────────── the search page's URL ─────────────

export type PageState = { filters: SearchFilters; sort: PageSort; page: number };

type RawParams = Record<string, string | string[] | undefined>;

const slugPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const languagePattern = /^[A-Za-z0-9-]{1,35}$/;
const regionPattern = /^[A-Z]{2}$/;

function all(params: RawParams, key: string): string[] {
  const value = params[key];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

function first(params: RawParams, key: string): string | null {
  return all(params, key)[0] ?? null;
}

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return values.find((v) => v === raw) ?? null;
}

export function normaliseQuery(raw: string | null): string | null {
  if (raw === null) return null;
  const q = raw.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);
  return q === "" ? null : q;
}

/**
 * The page's state from its URL. Lenient: a value that cannot be meant is ignored rather than
 * refused, so an old or hand-edited link still shows a sensible page.
 */
export function parsePageState(params: RawParams): PageState {
  const rawPage = first(params, "page");
  const page = rawPage && /^\d{1,5}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const query = normaliseQuery(first(params, "q"));
  const category = first(params, "category");
  const language = first(params, "lang");
  const region = first(params, "region")?.toUpperCase() ?? null;
  const filters: SearchFilters = {
    ...noFilters,
    query,
    category: category && slugPattern.test(category) ? category : null,
    tags: [...new Set(all(params, "tag").filter((t) => slugPattern.test(t)))].slice(0, MAX_TAGS),
    class: oneOf(CLASSES, first(params, "class")),
    price: oneOf(PRICES, first(params, "price")),
    sampleTested: first(params, "tested") === "1",
    language: language && languagePattern.test(language) ? language : null,
    region: region && regionPattern.test(region) ? region : null,
    dataRules: DATA_RULES.filter((rule) => all(params, "data").includes(rule)),
    verbatim: query !== null && first(params, "verbatim") === "1",
  };
  const sort = oneOf(PAGE_SORTS, first(params, "sort")) ?? (query ? "relevance" : "newest");
  // Relevance means nothing without words.
  return { filters, sort: sort === "relevance" && !query ? "newest" : sort, page };
}

/** The URL search string of a page state, with defaults left out (stable order, so links compare equal). */
export function pageStateSearch(state: PageState): string {
  const { filters: f } = state;
  const params = new URLSearchParams();
  if (f.query) params.set("q", f.query);
  if (f.category) params.set("category", f.category);
  for (const tag of f.tags) params.append("tag", tag);
  if (f.class) params.set("class", f.class);
  if (f.price) params.set("price", f.price);
  if (f.sampleTested) params.set("tested", "1");
  if (f.language) params.set("lang", f.language);
  if (f.region) params.set("region", f.region);
  for (const rule of f.dataRules) params.append("data", rule);
  if (f.query && f.verbatim) params.set("verbatim", "1");
  const defaultSort: PageSort = f.query ? "relevance" : "newest";
  if (state.sort !== defaultSort) params.set("sort", state.sort);
  if (state.page > 1) params.set("page", String(state.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The href of the page state changed by `change`; any change of filters goes back to page 1. */
export function searchHref(state: PageState, change: { filters?: Partial<SearchFilters>; sort?: PageSort; page?: number }): string {
  const next: PageState = {
    filters: { ...state.filters, ...change.filters },
    sort: change.sort ?? state.sort,
    page: change.page ?? (change.filters || change.sort ? 1 : state.page),
  };
  if (!next.filters.query && next.sort === "relevance") next.sort = "newest";
  return `/${pageStateSearch(next)}`;
}

/** Whether any filter (not the words, sort or page) is set. */
export function hasFacetFilters(f: SearchFilters): boolean {
  return Boolean(f.category || f.tags.length || f.class || f.price || f.sampleTested || f.language || f.region || f.dataRules.length);
}
