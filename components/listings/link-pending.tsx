"use client";

import { useLinkStatus } from "next/link";

/** Inside a <Link>: says the page it leads to is on its way (filters update without a reload). */
export function LinkPending() {
  const { pending } = useLinkStatus();
  return pending ? (
    <span role="status" className="ml-1 text-xs text-muted-foreground">
      updating…
    </span>
  ) : null;
}
