import type { ReactNode } from "react";

/** One row's classes: rows ruled apart, cells aligned to their tops. */
export const ROW_CLASS = "border-b border-border align-top last:border-b-0";
/** A cell's padding; the last column's has none on its right. */
export const CELL_CLASS = "py-2 pr-4";
export const LAST_CELL_CLASS = "py-2";

/**
 * A table of records with a caption for screen readers and one header cell per column; it scrolls sideways on a
 * phone rather than squeezing its columns. The rows are the caller's (`<tr className={ROW_CLASS}>`).
 */
export function DataTable({
  caption,
  columns,
  tableClassName,
  children,
}: {
  caption: string;
  columns: readonly string[];
  tableClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={`w-full text-left text-sm ${tableClassName ?? ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border">
            {columns.map((column, i) => (
              <th key={column} scope="col" className={i < columns.length - 1 ? CELL_CLASS : LAST_CELL_CLASS}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
