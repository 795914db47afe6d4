import type { ReactNode } from "react";

export type DataTable = { caption: string; columns: string[]; rows: { key: string; cells: (string | number)[] }[] };

/** A chart with its heading, a summary in words, and the same figures as a table behind a disclosure. */
export function ChartFigure({ id, title, summary, table, children }: { id: string; title: string; summary: ReactNode; table: DataTable; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="text-sm">{summary}</p>
      {children}
      <details className="text-sm">
        <summary className="cursor-pointer text-accent underline">Show the figures as a table</summary>
        <div className="mt-2 max-h-96 overflow-auto">
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="sr-only">{table.caption}</caption>
            <thead>
              <tr className="border-b border-border">
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="py-1.5 pr-4 font-semibold whitespace-nowrap">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={r.key} className="border-b border-border last:border-b-0">
                  {r.cells.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-1.5 pr-4 font-normal whitespace-nowrap">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="py-1.5 pr-4">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
