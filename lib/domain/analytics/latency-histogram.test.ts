import { describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { LATENCY_BOUNDS_MS, LATENCY_BUCKETS, bucketRange, emptyHistogram, histogramPercentile, latencyBucket } from "./latency-histogram";

function histogramOf(durations: readonly number[]): number[] {
  const h = emptyHistogram();
  for (const d of durations) h[latencyBucket(d)] = (h[latencyBucket(d)] ?? 0) + 1;
  return h;
}

/** percentile_cont's answer over the durations themselves. */
function exactPercentile(durations: readonly number[], q: number): number {
  const sorted = [...durations].sort((a, b) => a - b);
  const rank = q * (sorted.length - 1);
  const lo = sorted[Math.floor(rank)] ?? 0;
  const hi = sorted[Math.ceil(rank)] ?? 0;
  return lo + (hi - lo) * (rank - Math.floor(rank));
}

// A small deterministic generator (mulberry32): the same durations on every run.
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the latency histogram", () => {
  it("has the migration's bounds, in the same buckets PostgreSQL puts each duration in", async () => {
    const [row] = await db.$queryRaw<{ bounds: number[] }[]>`SELECT "execution_latency_bounds"() AS "bounds"`;
    expect(row?.bounds).toEqual([...LATENCY_BOUNDS_MS]);
    const durations = [0, 1, 2, 9, 10, 127, 128, 129, 999, 1000, 4_194_303, 4_194_304, 9_999_999];
    const buckets = await db.$queryRaw<{ bucket: number }[]>`
      SELECT "execution_latency_bucket"('succeeded', d) AS "bucket" FROM unnest(${durations}::int[]) WITH ORDINALITY u(d, i) ORDER BY i`;
    // SQL arrays count from 1.
    expect(buckets.map((b) => b.bucket - 1)).toEqual(durations.map(latencyBucket));
    expect(latencyBucket(9_999_999)).toBe(LATENCY_BUCKETS - 1);
    // Running, cancelled and payment-required runs are no finished runs: their durations are not counted.
    const [none] = await db.$queryRaw<{ running: number | null; cancelled: number | null }[]>`
      SELECT "execution_latency_bucket"('running', 10) AS "running", "execution_latency_bucket"('cancelled', 10) AS "cancelled"`;
    expect(none).toEqual({ running: null, cancelled: null });
  });

  it("puts each duration in the bucket whose range holds it, each bucket at most ~19 % wide above 100 ms", () => {
    for (const d of [0, 1, 5, 63, 64, 65, 1500, 30_000, 4_194_303]) {
      const { from, to } = bucketRange(latencyBucket(d));
      expect(d).toBeGreaterThanOrEqual(from);
      expect(to === null || d < to).toBe(true);
    }
    for (let k = 1; k < LATENCY_BUCKETS - 1; k += 1) {
      const { from, to } = bucketRange(k);
      if (from >= 100 && to !== null) expect(to / from).toBeLessThan(1.2);
    }
  });

  it("answers percentiles within one bucket of the exact ones, and none when nothing finished", () => {
    expect(histogramPercentile(emptyHistogram(), 0.5)).toBeNull();
    const next = random(13);
    for (const size of [1, 2, 10, 97, 5_000]) {
      // Log-uniform, 20 ms – 4 s, as the benchmark plants them.
      const durations = Array.from({ length: size }, () => Math.round(20 * 200 ** next()));
      const h = histogramOf(durations);
      for (const q of [0, 0.5, 0.95, 1]) {
        const estimate = histogramPercentile(h, q);
        if (estimate === null) throw new Error("expected a percentile");
        const exact = exactPercentile(durations, q);
        expect(Math.abs(latencyBucket(Math.floor(estimate)) - latencyBucket(Math.floor(exact)))).toBeLessThanOrEqual(1);
      }
    }
    // A single duration answers a value inside its own bucket.
    const one = histogramPercentile(histogramOf([550]), 0.5) ?? 0;
    expect(latencyBucket(Math.floor(one))).toBe(latencyBucket(550));
  });
});
