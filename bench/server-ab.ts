// Ways of starting the production server compared on one database (results go to docs/benchmarks.md; nothing
// here is asserted): each variant is the same build under other environment variables (another Node on PATH,
// NODE_OPTIONS, a switch of Explore's), started in turn, its search index loaded, then asked long-tail searches
// nobody asked before in the run (bench/long-tail-queries.ts): the search API one at a time and for 10 s at 20
// clients, the search page the same. Rounds alternate the variants' order, so neither always follows the other.
//
//   npm run build             # once: the variants serve the production build
//   DATABASE_URL=... npx tsx bench/server-ab.ts --variant node20 --variant "node24:PATH=/opt/node24/bin:$PATH" [--rounds 3]
//
// The database: one filled by bench/generate-listings.ts (see docs/benchmarks.md).
import { parseArgs } from "node:util";
import { requireDatabaseUrl } from "../lib/foundations/env";
import { latencies } from "./latency";
import { load, oneByOne } from "./load";
import { longTailPaths } from "./long-tail-queries";
import { searchIndexLoaded, startServer, stopServer } from "./server";

const { values } = parseArgs({
  options: {
    variant: { type: "string", multiple: true, default: [] },
    rounds: { type: "string", default: "3" },
    port: { type: "string", default: "3461" },
  },
});

/** "name:VAR=value;VAR=value" → a name and its environment. */
function variant(spec: string): { name: string; env: Record<string, string> } {
  const [name = "", ...rest] = spec.split(":");
  const settings = rest.join(":").split(";").filter(Boolean);
  return { name, env: Object.fromEntries(settings.map((s) => [s.slice(0, s.indexOf("=")), s.slice(s.indexOf("=") + 1)])) };
}

const variants = (values.variant ?? []).map(variant);
if (variants.length < 2) throw new Error("give at least two --variant");
const url = requireDatabaseUrl();
const port = Number(values.port);
const origin = `http://127.0.0.1:${port}`;

const ms = (t: { p50: number; p95: number }) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;
console.log("| variant, round | API alone p50 / p95 ms | API at 20: req/s (p95 ms) | page alone p50 / p95 ms | page at 20: req/s (p95 ms) |");
console.log("| --- | --- | --- | --- | --- |");
let seed = 10;
for (let round = 1; round <= Number(values.rounds); round += 1) {
  const order = round % 2 === 0 ? [...variants].reverse() : variants;
  for (const { name, env } of order) {
    // One address asks everything: the per-client API limit would measure refusals.
    const server = await startServer(url, { port, env: { RATE_LIMIT_API: "100000000/1m", ...env } });
    try {
      await searchIndexLoaded(origin);
      seed += 10;
      await oneByOne(origin, Array.from({ length: 60 }, longTailPaths("api", seed)));
      await oneByOne(origin, Array.from({ length: 20 }, longTailPaths("page", seed)), true);
      const api = latencies(await oneByOne(origin, Array.from({ length: 300 }, longTailPaths("api", seed + 1))));
      const apiLoad = await load(origin, longTailPaths("api", seed + 2), { connections: 20, seconds: 10 });
      const page = latencies(await oneByOne(origin, Array.from({ length: 200 }, longTailPaths("page", seed + 3)), true));
      const pageLoad = await load(origin, longTailPaths("page", seed + 4), { connections: 20, seconds: 10 });
      console.log(
        `| ${name}, round ${round} | ${ms(api)} | ${apiLoad.rps.toFixed(0)} (${apiLoad.p95.toFixed(0)}) | ${ms(page)} | ${pageLoad.rps.toFixed(0)} (${pageLoad.p95.toFixed(0)}) |`,
      );
    } finally {
      await stopServer(server);
    }
  }
}
