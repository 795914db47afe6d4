// What a listing write costs the shared index, in one process: loading it again (what a write would cost without
// patches) against patching the written agent in (`patchSharedIndex`: its listings read again and placed between
// their neighbours in PostgreSQL's orders). Agents are patched one after another, as a stream of writes would, so the
// figures show whether a patch grows with the listings patched in before it. The rows are read as they are (no row
// is changed): a patch reads and places the same rows whether or not the write changed them.
//
//   npx tsx scripts/with-db.ts bash -c 'npx tsx bench/generate-listings.ts "$DATABASE_URL" 100000 &&
//     npx tsx --conditions=react-server bench/index-patch.ts [--agents 400]'
//
// Against a database already generated: DATABASE_URL=... npx tsx --conditions=react-server bench/index-patch.ts
import { parseArgs } from "node:util";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { loadSharedIndex, patchSharedIndex } from "@/lib/domain/search/memory/load";
import { sharedPool } from "@/lib/foundations/db/pool";

const { values } = parseArgs({ options: { agents: { type: "string", default: "400" } } });
const count = Number(values.agents);

const started = performance.now();
const index = await loadSharedIndex();
const loadMs = performance.now() - started;
console.log(`index of ${index.size.toLocaleString("en")} listings loaded in ${(loadMs / 1000).toFixed(1)} s`);

const client = new pg.Client({ connectionString: requireDatabaseUrl() });
await client.connect();
const picked = await client.query<{ id: string; n: number }>(
  `SELECT a."id", (SELECT count(*)::int FROM "Capability" c WHERE c."agentId" = a."id") AS n FROM "Agent" a WHERE a."status" = 'published' ORDER BY md5(a."id") LIMIT $1`,
  [count],
);
await client.end();

const pool = sharedPool();
const times: number[] = [];
let listings = 0;
for (const { id, n } of picked.rows) {
  const start = performance.now();
  const outcome = await patchSharedIndex(index, [id], pool);
  if (outcome !== "patched") throw new Error(`the patch of agent ${id}: ${outcome}`);
  times.push(performance.now() - start);
  listings += n;
}

await pool.end();

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const summary = (label: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  console.log(`${label}: p50 ${at(sorted, 0.5).toFixed(1)} ms, p95 ${at(sorted, 0.95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`);
};
console.log(
  `${times.length} agents patched in one after another (${listings.toLocaleString("en")} listings in all, ${(listings / times.length).toFixed(1)} an agent)`,
);
summary("the first 10% of the patches", times.slice(0, Math.ceil(times.length / 10)));
summary("the last 10% of the patches", times.slice(-Math.ceil(times.length / 10)));
summary("every patch", times);
const mean = times.reduce((a, b) => a + b, 0) / times.length;
console.log(`a load costs ${(loadMs / mean).toFixed(0)} times a mean patch (${mean.toFixed(1)} ms)`);
