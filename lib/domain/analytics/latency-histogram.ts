// Latency as the analytics rollup keeps it: a count of finished runs per duration bucket, the buckets fixed and
// log-spaced (each about 19 % wider than the one before), so a percentile read from it is approximate — within
// one bucket of the exact one. The bounds are the ones the migration's execution_latency_bounds() holds
// (prisma/migrations/20261203110000_execution_daily_rollup; latency-histogram.test.ts compares them).
// Plain values and arithmetic: used by the queries and their tests.

/** Lower bounds in ms of buckets 1…84: round(2^(i/4)) for i = 0…88, duplicates dropped. Bucket 0 holds 0 ms. */
export const LATENCY_BOUNDS_MS = [
  1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 16, 19, 23, 27, 32, 38, 45, 54, 64, 76, 91, 108, 128, 152, 181, 215, 256, 304, 362, 431, 512, 609, 724, 861, 1024, 1218,
  1448, 1722, 2048, 2435, 2896, 3444, 4096, 4871, 5793, 6889, 8192, 9742, 11585, 13777, 16384, 19484, 23170, 27554, 32768, 38968, 46341, 55109, 65536, 77936,
  92682, 110218, 131072, 155872, 185364, 220436, 262144, 311744, 370728, 440872, 524288, 623487, 741455, 881744, 1048576, 1246974, 1482910, 1763488, 2097152,
  2493948, 2965821, 3526975, 4194304,
] as const;

export const LATENCY_BUCKETS = LATENCY_BOUNDS_MS.length + 1;

/** The bucket (0-based) a duration falls in: how many bounds are at or below it. */
export function latencyBucket(ms: number): number {
  let lo = 0;
  let hi: number = LATENCY_BOUNDS_MS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((LATENCY_BOUNDS_MS[mid] ?? Infinity) <= ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The durations bucket k holds: from `from` ms up to (not including) `to`; the last bucket has no end. */
export function bucketRange(k: number): { from: number; to: number | null } {
  return { from: k === 0 ? 0 : (LATENCY_BOUNDS_MS[k - 1] ?? 0), to: LATENCY_BOUNDS_MS[k] ?? null };
}

export function emptyHistogram(): number[] {
  return Array.from({ length: LATENCY_BUCKETS }, () => 0);
}

/** Adds `add` into `into` bucket by bucket (into is changed and returned). */
export function addInto(into: number[], add: readonly number[]): number[] {
  for (let k = 0; k < LATENCY_BUCKETS; k += 1) into[k] = (into[k] ?? 0) + (add[k] ?? 0);
  return into;
}

/**
 * The q-quantile (0…1) of the durations counted, or null when none is: percentile_cont's answer (the rank
 * q × (n − 1), from 0, between the two durations either side of it) with each duration estimated from its
 * bucket, the runs of a bucket taken as spread evenly across it. So the answer is off by at most one bucket's
 * width. An open last bucket answers its lower bound.
 */
export function histogramPercentile(histogram: readonly number[], q: number): number | null {
  const n = histogram.reduce((sum, c) => sum + c, 0);
  if (n === 0) return null;
  const rank = q * (n - 1);
  const below = orderStatistic(histogram, Math.floor(rank));
  const above = orderStatistic(histogram, Math.ceil(rank));
  return below + (above - below) * (rank - Math.floor(rank));
}

/** The i-th smallest duration counted (from 0), estimated from its bucket. */
function orderStatistic(histogram: readonly number[], i: number): number {
  let before = 0;
  for (let k = 0; k < histogram.length; k += 1) {
    const count = histogram[k] ?? 0;
    if (i < before + count) {
      const { from, to } = bucketRange(k);
      return to === null ? from : from + ((i - before + 0.5) / count) * (to - from);
    }
    before += count;
  }
  return bucketRange(histogram.length - 1).from;
}
