import { describe, expect, it } from "vitest";
import { noFilters, pageStateSearch, parsePageState, searchHref } from "./filters";

describe("the search page's URL state", () => {
  it("reads every filter, ignoring values that cannot be meant", () => {
    const state = parsePageState({
      q: "  weather   now ",
      category: "finance",
      tag: ["mortgages", "BAD TAG", "mortgages", "travel"],
      class: "external_action",
      price: "paid",
      tested: "1",
      lang: "de",
      region: "de",
      data: ["no_training", "bogus"],
      sort: "name",
      page: "3",
    });
    expect(state).toEqual({
      filters: {
        ...noFilters,
        query: "weather now",
        category: "finance",
        tags: ["mortgages", "travel"],
        class: "external_action",
        price: "paid",
        sampleTested: true,
        language: "de",
        region: "DE",
        dataRules: ["no_training"],
      },
      sort: "name",
      page: 3,
    });
    expect(parsePageState({ class: "magic", price: "cheap", page: "-1", sort: "best" })).toEqual({ filters: noFilters, sort: "newest", page: 1 });
  });

  it("sorts by relevance only when there are words", () => {
    expect(parsePageState({ q: "x" }).sort).toBe("relevance");
    expect(parsePageState({ sort: "relevance" }).sort).toBe("newest");
  });

  it("writes URLs without defaults, and a filter change goes back to page 1", () => {
    const state = parsePageState({ q: "loan", tag: "mortgages", page: "2" });
    expect(pageStateSearch(state)).toBe("?q=loan&tag=mortgages&page=2");
    expect(searchHref(state, { filters: { price: "free" } })).toBe("/?q=loan&tag=mortgages&price=free");
    expect(searchHref(state, { page: 3 })).toBe("/?q=loan&tag=mortgages&page=3");
    expect(searchHref(state, { filters: { query: null } })).toBe("/?tag=mortgages");
    expect(parsePageState(Object.fromEntries(new URLSearchParams(pageStateSearch(state))))).toEqual({
      ...state,
      filters: { ...state.filters, tags: ["mortgages"] },
    });
  });

  it("carries the words-as-typed flag only with words, and a new search leaves it behind", () => {
    const state = parsePageState({ q: "mortage", verbatim: "1" });
    expect(state.filters.verbatim).toBe(true);
    expect(pageStateSearch(state)).toBe("?q=mortage&verbatim=1");
    expect(searchHref(state, { filters: { price: "free" } })).toBe("/?q=mortage&price=free&verbatim=1");
    expect(searchHref(state, { filters: { query: "loan", verbatim: false } })).toBe("/?q=loan");
    expect(parsePageState({ verbatim: "1" }).filters.verbatim).toBe(false);
    expect(pageStateSearch({ ...state, sort: "newest", filters: { ...state.filters, query: null } })).toBe("");
  });
});
