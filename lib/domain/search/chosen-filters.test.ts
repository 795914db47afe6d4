import { describe, expect, it } from "vitest";
import { chosenFilters, singleChoiceOptions, splitFacetValues } from "./chosen-filters";
import { noFilters, parsePageState, searchHref, type PageState } from "./filters";

const values = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `v${i + 1}`, count: n - i }));

describe("splitFacetValues", () => {
  it("shows short lists whole", () => {
    expect(splitFacetValues(values(8), () => false)).toEqual({ shown: values(8), more: [] });
  });

  it("puts what is past the eighth value behind show more, in order", () => {
    const { shown, more } = splitFacetValues(values(11), () => false);
    expect(shown.map((v) => v.value)).toEqual(["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"]);
    expect(more.map((v) => v.value)).toEqual(["v9", "v10", "v11"]);
  });

  it("never hides a chosen value behind the disclosure", () => {
    const { shown, more } = splitFacetValues(values(11), (v) => v === "v10");
    expect(shown.map((v) => v.value)).toEqual(["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v10"]);
    expect(more.map((v) => v.value)).toEqual(["v8", "v9", "v11"]);
    expect(shown.length + more.length).toBe(11);
  });
});

describe("singleChoiceOptions", () => {
  const parse = (v: string) => (v.startsWith("v") ? v : null);

  it("keeps every value with its count when one is chosen, marking the chosen one", () => {
    expect(singleChoiceOptions(values(3), "v2", parse)).toEqual([
      { value: "v1", count: 3, chosen: false },
      { value: "v2", count: 2, chosen: true },
      { value: "v3", count: 1, chosen: false },
    ]);
  });

  it("keeps a chosen value nothing carries any more (so it can be removed), and drops values that cannot be meant", () => {
    expect(
      singleChoiceOptions(
        [
          { value: "x", count: 4 },
          { value: "v1", count: 2 },
        ],
        "v9",
        parse,
      ),
    ).toEqual([
      { value: "v9", count: 0, chosen: true },
      { value: "v1", count: 2, chosen: false },
    ]);
  });
});

describe("chosenFilters", () => {
  const state: PageState = parsePageState({ q: "weather", price: "paid", tag: ["maps", "rain"], data: "no_training", tested: "1", region: "de" });

  it("lists each chosen filter once, in words, and removing one keeps the others and the words", () => {
    const chosen = chosenFilters(state);
    expect(chosen.map((c) => c.label)).toEqual(["Sample-tested", "Paid", "#maps", "#rain", "Not used for training", "Processed in Germany (DE)"]);
    const rain = chosen.find((c) => c.key === "tag:rain");
    expect(rain && searchHref(state, { filters: rain.without })).toBe("/?q=weather&tag=maps&price=paid&tested=1&region=DE&data=no_training");
  });

  it("is empty without filters", () => {
    expect(chosenFilters({ filters: { ...noFilters, query: "x" }, sort: "relevance", page: 1 })).toEqual([]);
  });
});
