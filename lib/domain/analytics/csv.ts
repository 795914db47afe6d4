// The analytics CSV (RFC 4180): a header, then one line per day × service, CRLF line ends. A field holding a
// comma, a quote or a line break is quoted, its quotes doubled; numbers are written as they are.
import { OUTCOMES } from "./outcomes";
import type { AnalyticsCsvRow } from "./queries";

export function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const CSV_HEADER = ["date_utc", "service_id", "service_name", "runs", ...OUTCOMES, "p50_ms", "p95_ms"] as const;

const ms = (value: number | null) => (value === null ? null : Math.round(value));

export function analyticsCsv(rows: readonly AnalyticsCsvRow[]): string {
  const lines = [CSV_HEADER.join(",")];
  for (const r of rows) {
    lines.push(
      [r.day, r.service.capabilityId, r.service.name, r.runs, ...OUTCOMES.map((s) => r.outcomes[s]), ms(r.p50Ms), ms(r.p95Ms)].map(csvField).join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The download's file name: the handle without "@", the service when filtered, and the window's last day. */
export function analyticsCsvFileName(handle: string, capabilityId: string | null, lastDay: string): string {
  return `analytics-${handle.replace(/^@/, "")}${capabilityId ? `-${capabilityId}` : ""}-${lastDay}.csv`;
}
