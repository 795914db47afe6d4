// Search benchmarks (results go to docs/benchmarks.md; nothing here is asserted):
//   1. the search API's and the search page's server latency (p50/p95/p99) at 20 concurrent clients,
//      over a mix of queries (common and rare words, two words, typos, with a facet), served as in
//      production (deploy/web.sh: Next's standalone server, no cache in front);
//   2. the same requests again, every answer computed: what a render costs;
//   3. the anonymous home page's throughput against a static HTML page of the same size served by
//      the same server in the same run (the ratio is printed).
// Each size gets its own throw-away embedded PostgreSQL, filled by bench/generate-listings.ts.
//
//   npm run build             # once: the benchmark serves the production build
//   npx tsx bench/search.ts [--sizes 10000,100000,1000000] [--duration 10] [--port 3400]
import { parseArgs } from "node:util";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { startServer, stopServer } from "./server";
import pg from "pg";
import { openMigratedDatabase, projectRoot } from "../scripts/lib/database";
import { benchQueries, generateListings } from "./generate-listings";
import { latencies } from "./latency";
import { cycling, line, load, oneByOne, type Measured } from "./load";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    duration: { type: "string", default: "10" },
    port: { type: "string", default: "3400" },
    connections: { type: "string", default: "20" },
    // Above this size only the API is measured (the page and home runs add little and take long).
    "full-max": { type: "string", default: "100000" },
  },
});
const sizes = (values.sizes ?? "")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const duration = Number(values.duration);
const port = Number(values.port);
const connections = Number(values.connections);
const fullMax = Number(values["full-max"]);
const origin = `http://127.0.0.1:${port}`;
const staticFile = path.join(projectRoot, "public/bench-static.html");

/** Each path once, one at a time: the cost of a request alone . */
async function alone(paths: string[]): Promise<{ p50: number; mean: number }> {
  const { p50, mean } = latencies(await oneByOne(origin, paths));
  return { p50, mean };
}

const loadPaths = (paths: string[], seconds = duration) => load(origin, cycling(paths), { connections, seconds });

function aloneLine(label: string, t: { p50: number; mean: number }): string {
  return `${label.padEnd(34)} one at a time: p50 ${t.p50.toFixed(1)} ms, mean ${t.mean.toFixed(1)} ms`;
}

/**
 * Waits until PostgreSQL runs no statement: requests still in flight when a load ends are dropped by the
 * client, but their queries run on, and would slow the next measurement.
 */
async function quietDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await client.end();
  }
}

// The load comes from one address: the per-client API limit would measure refusals.
const serving = { port, env: { RATE_LIMIT_API: "100000000/1m" } };

const queries = benchQueries();
const apiPaths = queries.map((q) => `/api/v1/services?${q}&limit=20`);
// The page takes the same words; the API's facet names map onto the page's.
const pagePaths = queries.map(
  (q) =>
    `/?${q
      .replace(/^query=/, "q=")
      .replace("&query=", "&q=")
      .replace("paid=false", "price=free")
      .replace("capability=", "tag=")
      .replace("sort_by=recent", "sort=newest")}`,
);

const summary: string[] = [];
for (const size of sizes) {
  console.log(`\n== ${size.toLocaleString("en")} listings`);
  const database = await openMigratedDatabase("throwaway");
  let server: ChildProcess | null = null;
  try {
    await generateListings(database.url, size);
    // Every answer computed (no cache in front): what a search costs Next and PostgreSQL.
    server = await startServer(database.url, serving);
    await alone(apiPaths.slice(0, 5)); // compile the route, fill the pools
    const apiAlone = await alone(apiPaths);
    console.log(aloneLine("search API, no cache", apiAlone));
    const apiCold = await loadPaths(apiPaths);
    await quietDatabase(database.url);
    console.log(line("search API, no cache", apiCold));
    let pageCold: Measured | null = null;
    if (size <= fullMax) {
      console.log(aloneLine("search page", await alone(pagePaths)));
      pageCold = await loadPaths(pagePaths);
      await quietDatabase(database.url);
      console.log(line("search page", pageCold));
    }
    await stopServer(server);

    // As served in production. Warm up: compile paths, fill pools and caches.
    server = await startServer(database.url, serving);
    await alone(apiPaths);
    if (size <= fullMax) await alone(pagePaths);
    await loadPaths(apiPaths, 3);
    if (size <= fullMax) await loadPaths(pagePaths, 3);
    const api = await loadPaths(apiPaths);
    console.log(line("search API (/api/v1/services)", api));
    const cold = (m: Measured | null) => (m ? `${m.p50.toFixed(1)} / ${m.p95.toFixed(1)}` : "–");
    if (size > fullMax) {
      summary.push(
        `| ${size.toLocaleString("en")} | ${api.p50.toFixed(1)} | ${api.p95.toFixed(1)} | ${api.rps.toFixed(0)} | – | – | – | ${cold(apiCold)} | – |`,
      );
      summary.push(`|   API one at a time, cache off: p50 ${apiAlone.p50.toFixed(1)} ms, mean ${apiAlone.mean.toFixed(1)} ms |`);
      continue;
    }
    const pageResult = await loadPaths(pagePaths);
    console.log(line("search page (/?q=…)", pageResult));
    summary.push(
      `| ${size.toLocaleString("en")} | ${api.p50.toFixed(1)} | ${api.p95.toFixed(1)} | ${api.rps.toFixed(0)} | ${pageResult.p50.toFixed(1)} | ${pageResult.p95.toFixed(1)} | ${pageResult.rps.toFixed(0)} | ${cold(apiCold)} | ${cold(pageCold)} |`,
      `|   API one at a time, cache off: p50 ${apiAlone.p50.toFixed(1)} ms, mean ${apiAlone.mean.toFixed(1)} ms |`,
    );

    // Home page vs a static page of the same size, same server, same run.
    const home = await fetch(`${origin}/`);
    const bytes = (await home.text()).length;
    await mkdir(path.dirname(staticFile), { recursive: true });
    await writeFile(staticFile, `<!doctype html><html><body><pre>${"x".repeat(Math.max(0, bytes - 48))}</pre></body></html>\n`);
    await stopServer(server);
    server = await startServer(database.url, serving); // public/ is read when the server starts
    await loadPaths(["/"], 3);
    await loadPaths(["/bench-static.html"], 3);
    const homeResult = await loadPaths(["/"]);
    const staticResult = await loadPaths(["/bench-static.html"]);
    console.log(line(`home page (${bytes} bytes)`, homeResult));
    console.log(line("static page of the same size", staticResult));
    const ratio = homeResult.rps / staticResult.rps;
    console.log(`home / static throughput: ${ratio.toFixed(2)}`);
    summary.push(`|   home vs static (${bytes} B): ${homeResult.rps.toFixed(0)} vs ${staticResult.rps.toFixed(0)} req/s, ratio ${ratio.toFixed(2)} |`);
  } finally {
    if (server) await stopServer(server);
    await rm(staticFile, { force: true });
    await database.close();
  }
}
console.log(
  "\n| listings | API p50 ms | API p95 ms | API req/s | page p50 ms | page p95 ms | page req/s | API p50 / p95 ms, cache off | page p50 / p95 ms, cache off |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of summary) console.log(row);
process.exit(0);
