// The analytics in words: durations, shares and days as the page and its summaries say them.

/** "420 ms" below a second, "1.24 s" above; "—" when there is no figure. */
export function latencyText(ms: number | null): string {
  if (ms === null) return "—";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** "about 420 ms": a latency read from the rollup's histogram, which is approximate (lib/domain/analytics/latency-histogram.ts). */
export function aboutLatencyText(ms: number | null): string {
  return ms === null ? "—" : `about ${latencyText(ms)}`;
}

/** "92%" (whole percent; "<1%" for a small share that is not zero); "—" when there is no rate. */
export function percentText(rate: number | null): string {
  if (rate === null) return "—";
  if (rate > 0 && rate < 0.01) return "<1%";
  return `${Math.round(rate * 100)}%`;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** "2 Dec" for "2026-12-02". */
export function dayText(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

export function countText(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}
