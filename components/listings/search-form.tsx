"use client";

import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { normaliseQuery } from "@/lib/domain/search/filters";

export type SortOption = { value: string; label: string };

const DEBOUNCE_MS = 250;
/** Searches still on their way at once, at most, while typing. */
const MAX_SENT = 20;

/** The words as the server reads them from the URL (lib/domain/search/filters.ts), "" for none. */
const normalized = (words: string) => normaliseQuery(words) ?? "";

/**
 * The search page's words and sort. A plain GET form (the facets ride along as hidden fields), so
 * it works without JavaScript; with it, results follow the typing and the sort at once, and the
 * URL keeps the state so a search can be shared.
 */
export function SearchForm({
  query,
  sort,
  sortExplicit,
  sortOptions,
  hidden,
}: {
  query: string;
  sort: string;
  /** Whether the URL names the sort; otherwise the server picks it (best match when there are words). */
  sortExplicit: boolean;
  sortOptions: SortOption[];
  /** The current filters as form fields, so a new search keeps them. */
  hidden: [string, string][];
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [text, setText] = useState(query);
  const [sortValue, setSortValue] = useState(sort);
  const [sortTouched, setSortTouched] = useState(sortExplicit);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The words this form has sent while typing, so that their results arriving later (the person typed on
  // meanwhile) do not put the older words back into the box.
  const [sent, setSent] = useState<string[]>([]);

  // A new URL (back button, a facet link) brings its words into the box, while rendering (no effect and a
  // second render): what was last taken from the URL is kept to notice the change.
  const [fromUrl, setFromUrl] = useState({ query, sort, sortExplicit });
  if (fromUrl.query !== query || fromUrl.sort !== sort || fromUrl.sortExplicit !== sortExplicit) {
    setFromUrl({ query, sort, sortExplicit });
    // Keep what is being typed when the URL only caught up with it (a trailing space, say) or with
    // words typed before it.
    const ours = sent.includes(query);
    // Once the URL has the last words sent, none is awaited: a later URL with older words is someone else's.
    if (sent.length > 0 && (!ours || sent[sent.length - 1] === query)) setSent([]);
    setText((current) => (ours || normalized(current) === query ? current : query));
    setSortValue(sort);
    setSortTouched(sortExplicit);
  }

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function hrefFor(words: string, sortChoice: string, explicit: boolean): string {
    const params = new URLSearchParams();
    const trimmed = normalized(words);
    if (trimmed) params.set("q", trimmed);
    for (const [name, value] of hidden) params.append(name, value);
    if (explicit) params.set("sort", sortChoice);
    const search = params.toString();
    return search ? `/?${search}` : "/";
  }

  function go(href: string, replace: boolean) {
    startTransition(() => {
      if (replace) router.replace(href, { scroll: false });
      else router.push(href, { scroll: false });
    });
  }

  function onType(value: string) {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSent((earlier) => [...earlier.slice(-(MAX_SENT - 1)), normalized(value)]);
      go(hrefFor(value, sortValue, sortTouched), true);
    }, DEBOUNCE_MS);
  }

  function onSort(value: string) {
    setSortValue(value);
    setSortTouched(true);
    go(hrefFor(text, value, true), false);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (timer.current) clearTimeout(timer.current);
    go(hrefFor(text, sortValue, sortTouched), false);
  }

  return (
    <form
      action="/"
      method="get"
      role="search"
      aria-label="Search and sort services"
      onSubmit={onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor="search-words" className="text-sm font-medium">
          Words
        </label>
        <input
          id="search-words"
          name="q"
          type="search"
          value={text}
          onChange={(e) => onType(e.target.value)}
          maxLength={200}
          placeholder="e.g. weather forecast, mortgage, convert units"
          autoComplete="off"
          className="h-10 w-full rounded-md border border-border bg-surface px-3 text-foreground placeholder:text-muted-foreground"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="search-sort" className="text-sm font-medium">
          Sort by
        </label>
        <select
          id="search-sort"
          name="sort"
          value={sortValue}
          onChange={(e) => onSort(e.target.value)}
          className="h-10 rounded-md border border-border bg-surface px-3 text-foreground"
        >
          {sortOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {hidden.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" className="sm:self-end">
        Search
      </Button>
      <p aria-live="polite" className="text-sm text-muted-foreground sm:sr-only">
        {pending ? "Updating results…" : ""}
      </p>
    </form>
  );
}
