import Link from "next/link";

// Previous and next links of a paged list, with the page it is on; nothing when there is only one page.

export function Pager({
  page,
  hasMore,
  hrefOf,
  previous = "Previous page",
  next = "Next page",
}: {
  page: number;
  hasMore: boolean;
  /** The list's URL at another page. */
  hrefOf: (page: number) => string;
  previous?: string;
  next?: string;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link href={hrefOf(page - 1)} rel="prev" className="text-accent underline">
          {previous}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">Page {page}</span>
      {hasMore ? (
        <Link href={hrefOf(page + 1)} rel="next" className="text-accent underline">
          {next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
