"use client";

import { usePathname } from "next/navigation";

/**
 * The header's search box, on every page but the home page, which is the search page and has its own
 * (one search box per page). A plain GET form: it works without JavaScript; the path is known when the
 * page is rendered on the server too, so no second box flashes in.
 */
export function HeaderSearch() {
  const pathname = usePathname();
  if (pathname === "/") return null;
  return (
    <form action="/" method="get" role="search" className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
      <label htmlFor="site-search" className="sr-only">
        Search services
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        placeholder="Search services"
        className="h-9 w-full max-w-md rounded-md border border-border bg-background px-3 text-sm placeholder:text-muted-foreground"
      />
    </form>
  );
}
