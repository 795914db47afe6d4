"use client";

import Link from "next/link";
import { LinkPending } from "./link-pending";
import { ShownCount } from "./shown-count";

// A client component so that the page's data (the RSC payload inlined in its HTML) carries each of the
// filters' ~100 links as its few props, not as its whole markup: that payload's size is much of what a
// search page costs to render (docs/benchmarks.md).

/** One value of a filter: a link that chooses it (or, chosen, removes it), with how many results it gives. */
export function FacetLink({ href, selected, label, count, about }: { href: string; selected: boolean; label: string; count: number | null; about: boolean }) {
  return (
    <Link href={href} scroll={false} aria-current={selected ? "true" : undefined} className="facet-link">
      <span className="flex min-w-0 items-center gap-2">
        <span aria-hidden="true" className="facet-box">
          {selected ? "✓" : ""}
        </span>
        <span className="break-words">{label}</span>
        {selected ? <span className="sr-only">(chosen; choose again to remove)</span> : null}
        <LinkPending />
      </span>
      {count !== null ? (
        <span className="facet-count">
          <ShownCount n={count} about={about && count > 0} />
        </span>
      ) : null}
    </Link>
  );
}
