import { classLabels, fieldLabel, languageLabel, regionLabel } from "@/lib/model/agent-file/labels";
import type { DataRule, PageState, Price, SearchFilters } from "./filters";

// The search page's chosen filters, one entry each with what removing it changes: the removable chips,
// the count on the phone's filter drawer, and the empty result's "drop this filter" links all read them.
// Pure: no database, no React.

export const priceLabels: Record<Price, string> = { free_to_try: "Free to try", free: "Free only", paid: "Paid" };
export const dataRuleLabels: Record<DataRule, string> = {
  inputs_not_retained: "Inputs not kept",
  no_training: "Not used for training",
};

export type ChosenFilter = {
  /** Stable and unique per page (a React key, a test hook). */
  key: string;
  label: string;
  /** The filters with this one removed (merge into the page's filters). */
  without: Partial<SearchFilters>;
};

/** Every filter the page's URL sets, in the order the side column shows them. */
export function chosenFilters(state: PageState): ChosenFilter[] {
  const f = state.filters;
  const chosen: ChosenFilter[] = [];
  if (f.sampleTested) chosen.push({ key: "tested", label: "Sample-tested", without: { sampleTested: false } });
  if (f.price) chosen.push({ key: "price", label: priceLabels[f.price], without: { price: null } });
  if (f.class) chosen.push({ key: "class", label: classLabels[f.class], without: { class: null } });
  if (f.category) chosen.push({ key: "category", label: fieldLabel(f.category), without: { category: null } });
  for (const tag of f.tags) chosen.push({ key: `tag:${tag}`, label: `#${tag}`, without: { tags: f.tags.filter((t) => t !== tag) } });
  for (const rule of f.dataRules) {
    chosen.push({ key: `data:${rule}`, label: dataRuleLabels[rule], without: { dataRules: f.dataRules.filter((r) => r !== rule) } });
  }
  if (f.region) chosen.push({ key: "region", label: `Processed in ${regionLabel(f.region)}`, without: { region: null } });
  if (f.language) chosen.push({ key: "language", label: languageLabel(f.language), without: { language: null } });
  return chosen;
}

/** Facet lists longer than this show their first values and a "Show N more" disclosure. */
export const FACET_VISIBLE = 8;

/**
 * A facet's values split into those always shown and those behind "show more". Chosen values are
 * always in the first part (a chosen value hidden behind a closed disclosure could not be seen or
 * removed); the rest keep their order.
 */
export function splitFacetValues<T extends { value: string }>(
  values: readonly T[],
  isChosen: (value: string) => boolean,
  visible = FACET_VISIBLE,
): { shown: T[]; more: T[] } {
  if (values.length <= visible) return { shown: [...values], more: [] };
  const chosen = values.filter((v) => isChosen(v.value));
  const room = Math.max(visible - chosen.length, 0);
  const firstOthers = new Set(values.filter((v) => !isChosen(v.value)).slice(0, room));
  return {
    shown: values.filter((v) => isChosen(v.value) || firstOthers.has(v)),
    more: values.filter((v) => !isChosen(v.value) && !firstOthers.has(v)),
  };
}

/**
 * A single-choice facet's values: every value with its count (counted as if this facet were not set by
 * either engine, lib/domain/search/engine.ts), and the chosen value even when nothing carries it any more (count 0), so it can be removed.
 */
export function singleChoiceOptions<T extends string>(
  values: readonly { value: string; count: number }[],
  selected: T | null,
  parse: (value: string) => T | null,
): { value: T; count: number; chosen: boolean }[] {
  const options = values.flatMap((v) => {
    const value = parse(v.value);
    return value === null ? [] : [{ value, count: v.count, chosen: value === selected }];
  });
  if (selected !== null && !options.some((o) => o.chosen)) options.unshift({ value: selected, count: 0, chosen: true });
  return options;
}
