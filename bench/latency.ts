// Timing samples and their percentiles, shared by the bench scripts so every benchmark measures and reports alike.

/** Nearest-rank percentile of samples sorted ascending; NaN when there are none. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export type Latencies = { p50: number; p95: number; p99: number; mean: number; n: number };

/** p50, p95, p99 and mean of unsorted samples (the samples are left as they are). */
export function latencies(samples: readonly number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: samples.length === 0 ? Number.NaN : samples.reduce((a, b) => a + b, 0) / samples.length,
    n: samples.length,
  };
}

/**
 * Times two ways of doing the same thing in the same run: `warmup` calls of each, then `runs` of each,
 * alternating which goes first so neither always meets a warm connection and drift hits both alike.
 * Each call gets a distinct index (0 … warmup + runs - 1) and returns the milliseconds it took.
 */
export async function timeInterleaved(
  runs: number,
  warmup: number,
  first: (i: number) => Promise<number>,
  second: (i: number) => Promise<number>,
): Promise<{ first: number[]; second: number[] }> {
  for (let i = 0; i < warmup; i += 1) {
    await first(i);
    await second(i);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = warmup; i < warmup + runs; i += 1) {
    if (i % 2 === 0) {
      a.push(await first(i));
      b.push(await second(i));
    } else {
      b.push(await second(i));
      a.push(await first(i));
    }
  }
  return { first: a, second: b };
}
