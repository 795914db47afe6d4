import type { ReactNode } from "react";

/** A short text page (about, terms, privacy): a heading, an optional demo note, then sections. */
export function ProsePage({ title, lead, demo, children }: { title: string; lead: string; demo: boolean; children: ReactNode }) {
  return (
    <article className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{lead}</p>
      </div>
      {demo ? (
        <p role="note" className="rounded-md border border-info/40 bg-info/10 p-3 text-sm">
          This is a demo network: its agents and services are examples that run on this machine, and nothing here is a real offer.
        </p>
      ) : null}
      <div className="flex flex-col gap-6 [&_h2]:text-lg [&_h2]:font-semibold [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
        {children}
      </div>
    </article>
  );
}
