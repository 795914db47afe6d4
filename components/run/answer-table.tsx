import { humanize } from "@/lib/foundations/json-schema/form-ui";

// A list of records in an answer, as a table: the columns are the records' keys (in first-seen order).

const MAX_ROWS = 100;
const MAX_COLUMNS = 12;

type Row = Record<string, unknown>;

function isRow(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The answer's lists of records worth a table: the answer itself, or its top-level fields that are such lists. */
export function tablesIn(structured: unknown): { key: string | null; rows: Row[] }[] {
  const isTable = (value: unknown): value is Row[] => Array.isArray(value) && value.length > 0 && value.every(isRow);
  if (isTable(structured)) return [{ key: null, rows: structured }];
  if (!isRow(structured)) return [];
  return Object.entries(structured).flatMap(([key, value]) => (isTable(value) ? [{ key, rows: value }] : []));
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

export function AnswerTable({ caption, rows }: { caption: string; rows: Row[] }) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].slice(0, MAX_COLUMNS);
  const shown = rows.slice(0, MAX_ROWS);
  return (
    <div className="max-h-96 overflow-auto rounded-md border border-border" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {humanize(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={i} className="border-t border-border">
              {columns.map((column) => (
                <td key={column} className="px-3 py-2 align-top break-words">
                  {cell(row[column])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > shown.length ? (
        <p className="px-3 py-2 text-xs text-muted-foreground">
          The first {MAX_ROWS} of {rows.length} rows; the JSON has them all.
        </p>
      ) : null}
    </div>
  );
}
