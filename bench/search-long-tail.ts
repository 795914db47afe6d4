// Search on the long tail (results go to docs/benchmarks.md; nothing here is asserted): every request is a
// search nobody made before in the run, so no cache can answer it (bench/long-tail-queries.ts: by default words
// drawn from 3,000 random listings' names and summaries with a mix of filters, sorts and offsets; `--mix
// vocabulary` for the generator's vocabulary with occasional facets), served as in
// production (deploy/web.sh, no cache in front). For each size, on its own throw-away embedded
// PostgreSQL filled by bench/generate-listings.ts:
//   1. the search API one request at a time (p50/p95/p99);
//   2. the search API at 20 concurrent clients (throughput and percentiles);
//   3. the search page with its facets, one request at a time;
// with search's index in memory (the server waits until it is loaded), and 1-3 again on a second server that
// asks PostgreSQL (EXPLORE_SEARCH_INDEX=0), the same searches;
//   4. the web process's memory and the database's size and shared buffers;
//   5. the floors the same server and machine set: a route that does no work (/api/health/live) and one that makes
//      a single small statement (/api/health), every URL distinct too, alone and at the same concurrency as 2;
// and, during 2, the CPU time the web process and PostgreSQL spent per request.
//
//   npm run build             # once: the benchmark serves the production build
//   npx tsx bench/search-long-tail.ts [--sizes 10000,100000,1000000] [--alone 400] [--duration 10] [--port 3400]
//
// A million listings take ~30 minutes to generate: --database-url measures a database generate-listings.ts already
// filled instead (one size, the number it was filled with, and it is left as it was found).
import { parseArgs } from "node:util";
import type { ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import pg from "pg";
import { openMigratedDatabase } from "../scripts/lib/database";
import { generateListings } from "./generate-listings";
import { latencies } from "./latency";
import { line, load, oneByOne, type Measured } from "./load";
import { listingTextPaths, listingTexts, longTailPaths } from "./long-tail-queries";
import { parentOf, treeCpuSeconds, treeResidentMb } from "./process-tree";
import { searchIndexLoaded, startServer, stopServer } from "./server";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    alone: { type: "string", default: "400" },
    duration: { type: "string", default: "10" },
    port: { type: "string", default: "3400" },
    connections: { type: "string", default: "20" },
    mix: { type: "string", default: "listings" },
    "database-url": { type: "string" },
  },
});
const sizes = (values.sizes ?? "")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const generated = values["database-url"];
if (generated !== undefined && sizes.length !== 1) throw new Error("--database-url measures one size: give the one it was generated with in --sizes");
const aloneCount = Number(values.alone);
const duration = Number(values.duration);
const connections = Number(values.connections);
const origin = `http://127.0.0.1:${values.port}`;

// The load comes from one address: the per-client API limit would measure refusals.
const serving = { port: Number(values.port), env: { RATE_LIMIT_API: "100000000/1m" } };

function aloneLine(label: string, times: number[]): string {
  const t = latencies(times);
  return `${label.padEnd(38)} one at a time: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms (n=${t.n})`;
}

if (values.mix !== "listings" && values.mix !== "vocabulary") throw new Error("--mix is listings or vocabulary");
let texts: string[][] = [];
/** Distinct search URLs of the chosen mix; each seed its own sequence. */
const paths = (kind: "api" | "page", seed: number) => (values.mix === "listings" ? listingTextPaths(kind, texts, seed) : longTailPaths(kind, seed));

/** PostgreSQL's postmaster: the parent of the process serving this connection. */
async function postmasterOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return parentOf(rows[0]?.pid ?? 0);
  } finally {
    await client.end();
  }
}

async function databaseFigures(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ buffers: string; size: string; postings: string | null }>(
      `SELECT current_setting('shared_buffers') AS buffers, pg_size_pretty(pg_database_size(current_database())) AS size,
              pg_size_pretty(pg_total_relation_size(to_regclass('"SearchPosting"'))) AS postings`,
    );
    const r = rows[0];
    return r ? `database ${r.size} (postings ${r.postings ?? "–"}), shared_buffers ${r.buffers}` : "";
  } finally {
    await client.end();
  }
}

/**
 * What no search can beat here: the same server answering a route that does no work, and one that makes one small
 * statement, each URL distinct as the searches' are (`?n=` counts up); printed, and returned as rows of the
 * floors' table.
 */
async function floors(size: number): Promise<string[]> {
  const rows = [];
  let n = 0;
  for (const [label, path] of [
    ["floor: no work (/api/health/live)", "/api/health/live"],
    ["floor: one statement (/api/health)", "/api/health"],
  ] as const) {
    const distinct = () => `${path}?n=${(n += 1)}`;
    const alone = await oneByOne(origin, Array.from({ length: 100 }, distinct));
    const loaded = await load(origin, distinct, { connections, seconds: duration });
    console.log(aloneLine(label, alone));
    console.log(line(`${label}, ${connections} clients`, loaded));
    const t = latencies(alone);
    rows.push(
      `| ${size.toLocaleString("en")} | ${label} | ${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} / ${t.p99.toFixed(1)} | ${loaded.rps.toFixed(0)} | ${loaded.p50.toFixed(1)} / ${loaded.p95.toFixed(1)} / ${loaded.p99.toFixed(1)} |`,
    );
  }
  return rows;
}

/** The searches of 1-3 against one server, printed; returned as the summary's cells. */
async function searches(at: string, pid: number, databaseUrl: string, label: string): Promise<string> {
  // Distinct seeds: the warm-up, the lone requests and the load never share a URL. The warm-up is a short load
  // at the same concurrency, so each of several web processes gets its share (one client's requests go to one).
  await load(at, paths("api", 99), { connections, seconds: 5 });
  await oneByOne(at, Array.from({ length: 10 }, paths("page", 99)), true);
  const apiAlone = await oneByOne(at, Array.from({ length: aloneCount }, paths("api", 1)));
  console.log(aloneLine(`search API, ${label}`, apiAlone));
  // Where the load's time goes: CPU of the web process and of PostgreSQL per request (the load generator's
  // own share of the two cores is neither).
  const postmaster = await postmasterOf(databaseUrl);
  const before = { web: treeCpuSeconds(pid), db: treeCpuSeconds(postmaster) };
  const apiLoad: Measured = await load(at, paths("api", 2), { connections, seconds: duration });
  const perRequest = (seconds: number) => ((seconds * 1000) / Math.max(1, apiLoad.requests)).toFixed(1);
  const cpu = { web: perRequest(treeCpuSeconds(pid) - before.web), db: perRequest(treeCpuSeconds(postmaster) - before.db) };
  console.log(line(`search API, ${label}, ${connections} clients`, apiLoad));
  console.log(`  CPU per request: web process ${cpu.web} ms, PostgreSQL ${cpu.db} ms`);
  const pageAlone = await oneByOne(at, Array.from({ length: Math.ceil(aloneCount / 2) }, paths("page", 3)), true);
  console.log(aloneLine(`search page, ${label}`, pageAlone));
  const a = latencies(apiAlone);
  const p = latencies(pageAlone);
  return `${label} | ${a.p50.toFixed(1)} / ${a.p95.toFixed(1)} / ${a.p99.toFixed(1)} | ${apiLoad.rps.toFixed(0)} | ${apiLoad.p50.toFixed(1)} / ${apiLoad.p95.toFixed(1)} / ${apiLoad.p99.toFixed(1)} | ${cpu.web} / ${cpu.db} | ${p.p50.toFixed(1)} / ${p.p95.toFixed(1)}`;
}

console.log(`node ${process.version}, ${availableParallelism()} cores, one web process (deploy/web.sh), no cache in front; the ${values.mix} mix`);
const summary: string[] = [];
const floorRows: string[] = [];
for (const size of sizes) {
  console.log(`\n== ${size.toLocaleString("en")} listings, one web process`);
  const database = generated === undefined ? await openMigratedDatabase("throwaway") : { url: generated, close: async () => undefined };
  let server: ChildProcess | null = null;
  try {
    if (generated === undefined) await generateListings(database.url, size);
    if (values.mix === "listings") {
      texts = await listingTexts(database.url);
      // The figure to read beside the searches: a small vocabulary means every word's work is remembered after its
      // first search (lib/domain/search/word-memo.ts), so the run measures remembered words.
      console.log(`words drawn from ${texts.length} listings: ${new Set(texts.flat()).size} distinct`);
    }
    server = await startServer(database.url, serving);
    console.log(`search index loaded ${((await searchIndexLoaded(origin)) / 1000).toFixed(1)} s after the server answered`);
    const inMemory = await searches(origin, server.pid ?? 0, database.url, "index in memory");
    floorRows.push(...(await floors(size)));
    const memory = treeResidentMb(server.pid ?? 0);
    const db = await databaseFigures(database.url);
    console.log(`web process ${memory.toFixed(0)} MB resident; ${db}`);
    await stopServer(server);
    // The same searches on a server that asks PostgreSQL (EXPLORE_SEARCH_INDEX=0): the baseline, in the same run.
    server = await startServer(database.url, { ...serving, env: { ...serving.env, EXPLORE_SEARCH_INDEX: "0" } });
    const inPostgres = await searches(origin, server.pid ?? 0, database.url, "PostgreSQL");
    const row = (cells: string, extra: string) => `| ${size.toLocaleString("en")} | ${cells} | ${extra} |`;
    summary.push(row(inMemory, `${memory.toFixed(0)} MB | ${db}`), row(inPostgres, "| "));
  } finally {
    if (server) await stopServer(server);
    await database.close();
  }
}
console.log(
  `\n| listings | search | API alone p50 / p95 / p99 ms | API req/s at ${connections} | API p50 / p95 / p99 ms at ${connections} | CPU ms per request, web / PostgreSQL | page alone p50 / p95 ms | web RSS | database |`,
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of summary) console.log(row);
console.log(`\n| listings | floor | alone p50 / p95 / p99 ms | req/s at ${connections} | p50 / p95 / p99 ms at ${connections} |`);
console.log("| --- | --- | --- | --- | --- |");
for (const row of floorRows) console.log(row);
process.exit(0);
