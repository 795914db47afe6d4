import Link from "next/link";
import type { ReactNode } from "react";
import { versionsDashboardPath } from "@/lib/domain/agents/version-paths";

/** The head of a page about one of the publisher's agents: the way back, the title, the handle with a badge, and what it is about. */
export function AgentPageHeader({ title, handle, badge, children }: { title: string; handle: string; badge: ReactNode; children: ReactNode }) {
  return (
    <>
      <p className="flex flex-wrap gap-x-4 text-sm">
        <Link href="/dashboard" className="text-accent underline">
          Your agents
        </Link>
        <Link href={versionsDashboardPath(handle)} className="text-accent underline">
          Versions and deletion<span className="sr-only"> of {handle}</span>
        </Link>
      </p>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-muted-foreground">
          <span className="break-all">{handle}</span>
          {badge}
        </p>
        <p className="mt-2 max-w-3xl text-sm">{children}</p>
      </div>
    </>
  );
}
