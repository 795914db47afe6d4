// HTTP load as the search benchmarks apply it: autocannon at N concurrent clients for a few seconds, each
// request's path taken from `nextPath`, every response time kept so the percentiles are exact.
import autocannon, { type Result } from "autocannon";
import { latencies } from "./latency";

export type Measured = { rps: number; p50: number; p95: number; p99: number; requests: number; non2xx: number; errors: number };

export function load(
  origin: string,
  nextPath: () => string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Measured> {
  return new Promise((resolve) => {
    const times: number[] = [];
    const instance = autocannon({
      url: origin,
      headers: options.headers,
      connections: options.connections,
      duration: options.seconds,
      // Computed searches over a million listings queue for seconds at 20 clients: measure them, do not drop them.
      timeout: 120,
      requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: nextPath() }) }],
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
    instance.on("done", (result: Result) => {
      const { p50, p95, p99 } = latencies(times);
      resolve({ rps: result.requests.average, p50, p95, p99, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts });
    });
  });
}

/** Paths in turn, round and round (what a repeated-URL benchmark asks). */
export function cycling(paths: readonly string[]): () => string {
  let i = 0;
  return () => paths[i++ % paths.length] ?? "/";
}

/**
 * Each path once, one at a time, uncompressed as autocannon asks: what a request costs alone. `notFound`: a
 * 404 is an answer too (a search page past the last result).
 */
export async function oneByOne(origin: string, paths: readonly string[], notFound = false): Promise<number[]> {
  const times: number[] = [];
  for (const p of paths) {
    const started = performance.now();
    const response = await fetch(`${origin}${p}`, { headers: { "accept-encoding": "identity" } });
    await response.arrayBuffer();
    if (!response.ok && !(notFound && response.status === 404)) throw new Error(`${p}: ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export function line(label: string, m: Measured): string {
  return `${label.padEnd(38)} ${m.rps.toFixed(0).padStart(6)} req/s   p50 ${m.p50.toFixed(1).padStart(6)} ms   p95 ${m.p95.toFixed(1).padStart(6)} ms   p99 ${m.p99.toFixed(1).padStart(6)} ms   (n=${m.requests}${m.non2xx ? `, non-2xx ${m.non2xx}` : ""}${m.errors ? `, errors ${m.errors}` : ""})`;
}
