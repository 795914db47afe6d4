import type { ReactNode } from "react";
import type { CapabilityClass } from "@/generated/prisma/enums";
import type { FacetValue, Facets } from "@/lib/domain/search/search";
import { CLASSES, DATA_RULES, PRICES, type DataRule, type PageState, type Price, type SearchFilters, searchHref } from "@/lib/domain/search/filters";
import { dataRuleLabels, priceLabels, singleChoiceOptions, splitFacetValues } from "@/lib/domain/search/chosen-filters";
import { classLabels, fieldLabel, languageLabel, regionLabel } from "@/lib/model/agent-file/labels";
import { FacetLink } from "./facet-link";

// The filters beside the results: links, so they work without JavaScript and are shareable. Each
// value shows how many results choosing it would give; a chosen value links to removing it. Long
// lists show their first values and the rest behind a "Show N more" disclosure (no JavaScript needed).

function Group({ title, children, more }: { title: string; children: ReactNode; more?: { count: number; items: ReactNode } }) {
  const id = `facet-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h3 id={id} className="px-2 text-sm font-semibold text-muted-foreground">
        {title}
      </h3>
      <ul className="flex flex-col">{children}</ul>
      {more && more.count > 0 ? (
        <details className="group/more">
          <summary className="cursor-pointer rounded-md px-2 py-1.5 text-sm text-accent hover:underline">
            <span className="group-open/more:hidden">Show {more.count} more</span>
            <span className="hidden group-open/more:inline">Show fewer</span>
            <span className="sr-only"> ({title.toLowerCase()})</span>
          </summary>
          <ul className="flex flex-col">{more.items}</ul>
        </details>
      ) : null}
    </section>
  );
}

/**
 * A facet where one value is chosen at a time. Every value stays in view with its count (counted as if
 * this facet were not set), so switching is one click; the chosen one is marked and links to removing it.
 */
function SingleFacet<T extends string>({
  title,
  state,
  values,
  selected,
  label,
  parse,
  change,
  about,
}: {
  title: string;
  state: PageState;
  values: FacetValue[];
  selected: T | null;
  label: (value: T) => string;
  parse: (value: string) => T | null;
  change: (value: T | null) => Partial<SearchFilters>;
  about: boolean;
}) {
  const options = singleChoiceOptions(values, selected, parse);
  if (options.length === 0) return null;
  const { shown, more } = splitFacetValues(options, (v) => v === selected);
  const item = (o: (typeof options)[number]) => (
    <li key={o.value}>
      <FacetLink
        href={searchHref(state, { filters: change(o.chosen ? null : o.value) })}
        selected={o.chosen}
        label={label(o.value)}
        count={o.count}
        about={about}
      />
    </li>
  );
  return (
    <Group title={title} more={{ count: more.length, items: more.map(item) }}>
      {shown.map(item)}
    </Group>
  );
}

function anyString(value: string): string {
  return value;
}

function oneOf<T extends string>(values: readonly T[]) {
  return (value: string): T | null => values.find((v) => v === value) ?? null;
}

function countOf(values: FacetValue[], value: string): number {
  return values.find((v) => v.value === value)?.count ?? 0;
}

function TagFacet({ state, values, toggle, about }: { state: PageState; values: FacetValue[]; toggle: (slug: string) => string[]; about: boolean }) {
  const chosen = (slug: string) => state.filters.tags.includes(slug);
  const { shown, more } = splitFacetValues(values, chosen);
  const item = (t: FacetValue) => (
    <li key={t.value}>
      <FacetLink
        href={searchHref(state, { filters: { tags: toggle(t.value) } })}
        selected={chosen(t.value)}
        label={`#${t.label ?? t.value}`}
        count={t.count}
        about={about}
      />
    </li>
  );
  return (
    <Group title="Tags" more={{ count: more.length, items: more.map(item) }}>
      {shown.map(item)}
    </Group>
  );
}

/** Every facet, for the search page's side column. */
export function SearchFacets({ state, facets }: { state: PageState; facets: Facets }) {
  const f = state.filters;
  const toggleTag = (slug: string) => (f.tags.includes(slug) ? f.tags.filter((t) => t !== slug) : [...f.tags, slug]);
  const toggleRule = (rule: DataRule) => (f.dataRules.includes(rule) ? f.dataRules.filter((r) => r !== rule) : [...f.dataRules, rule]);
  const tagValues = [
    ...f.tags.filter((slug) => !facets.tag.some((t) => t.value === slug)).map((slug) => ({ value: slug, label: slug, count: 0 })),
    ...facets.tag,
  ];
  const testedCount = countOf(facets.tested, "yes");
  const about = facets.approximate;
  return (
    <div className="flex flex-col gap-5">
      <Group title="Checked by Explore">
        <li>
          <FacetLink
            href={searchHref(state, { filters: { sampleTested: !f.sampleTested } })}
            selected={f.sampleTested}
            label="Sample-tested"
            count={testedCount}
            about={about}
          />
        </li>
      </Group>
      <SingleFacet
        title="Price"
        state={state}
        values={facets.price}
        selected={f.price}
        label={(v: Price) => priceLabels[v]}
        parse={oneOf(PRICES)}
        about={about}
        change={(price) => ({ price })}
      />
      <SingleFacet
        title="Class"
        state={state}
        values={facets.class}
        selected={f.class}
        label={(v: CapabilityClass) => classLabels[v]}
        parse={oneOf(CLASSES)}
        about={about}
        change={(value) => ({ class: value })}
      />
      <SingleFacet
        title="Category"
        state={state}
        values={facets.category}
        selected={f.category}
        label={fieldLabel}
        parse={anyString}
        about={about}
        change={(category) => ({ category })}
      />
      {tagValues.length > 0 ? <TagFacet state={state} values={tagValues} toggle={toggleTag} about={about} /> : null}
      <Group title="Data handling">
        {DATA_RULES.map((rule) => (
          <li key={rule}>
            <FacetLink
              href={searchHref(state, { filters: { dataRules: toggleRule(rule) } })}
              selected={f.dataRules.includes(rule)}
              label={dataRuleLabels[rule]}
              count={countOf(facets.data, rule)}
              about={about}
            />
          </li>
        ))}
      </Group>
      <SingleFacet
        title="Processed in"
        state={state}
        values={facets.region}
        selected={f.region}
        label={regionLabel}
        parse={anyString}
        about={about}
        change={(region) => ({ region })}
      />
      <SingleFacet
        title="Language"
        state={state}
        values={facets.language}
        selected={f.language}
        label={languageLabel}
        parse={anyString}
        about={about}
        change={(language) => ({ language })}
      />
    </div>
  );
}
