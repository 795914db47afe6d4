// What every request costs before it does any work of its own (results go to docs/benchmarks.md; nothing here is
// asserted). The production server (deploy/web.sh, one process, no cache in front) beside a bare Next page
// (bench/baseline-app), 20 clients each in turn, every URL distinct (`?n=` counts up) so no cache can answer:
//   - the bare Next page: the framework's floor;
//   - /privacy: a text page, Explore's layout and nothing else;
//   - /api/health/live: a route that does no work, through Explore's proxy;
//   - /api/v1/services?query=wordN: the search API's route on an empty catalog;
//   - /robots.txt: a metadata route;
//   - with `--against DIR`, each of Explore's again from another standalone build (an older commit's
//     .next/standalone, copied aside): old and new builds alternated in one run.
// Rounds rotate which goes first. Beside req/s, each answer's cost in the server's CPU time (from /proc): on a shared
// machine whose speed drifts, req/s of runs a minute apart can differ by half, and CPU time per request far less.
//
//   npm run build   # once: the benchmark serves the standalone build
//   npx tsx --conditions=react-server bench/fixed-cost.ts [--duration 8] [--rounds 5] [--against /tmp/old-standalone]
//
// `--profile DIR` starts Explore's server with --cpu-prof into DIR (a .cpuprofile when it stops) and runs one
// round; `--only /privacy` measures that path alone.
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { openMigratedDatabase } from "../scripts/lib/database";
import { treeCpuSeconds } from "./process-tree";
import { line, load, type Measured } from "./load";
import { startBaseline, startServer, stopServer } from "./server";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "8" },
    rounds: { type: "string", default: "5" },
    port: { type: "string", default: "3440" },
    connections: { type: "string", default: "20" },
    against: { type: "string" },
    profile: { type: "string" },
    only: { type: "string" },
  },
});
const port = Number(values.port);
const options = { connections: Number(values.connections), seconds: Number(values.duration), headers: { "accept-encoding": "gzip" } };
const rounds = values.profile ? 1 : Number(values.rounds);

// `query`: what precedes the counter in the query string (`n=` unless said).
type Target = { name: string; origin: string; pid: number; path: string; query?: string };
type Result = Measured & { cpuMs: number };

let n = 0;
async function measure(target: Target, seconds = options.seconds, connections = options.connections): Promise<Result> {
  const before = treeCpuSeconds(target.pid);
  const m = await load(target.origin, () => `${target.path}?${target.query ?? "n="}${(n += 1)}`, { ...options, seconds, connections });
  return { ...m, cpuMs: ((treeCpuSeconds(target.pid) - before) * 1000) / Math.max(1, m.requests) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const database = await openMigratedDatabase("throwaway");
const stops: (() => Promise<void>)[] = [() => database.close()];
try {
  const explore = async (at: number, env: Record<string, string> = {}) => {
    const child = await startServer(database.url, { port: at, env: { RATE_LIMIT_API: "100000000/1m", ...env } });
    stops.unshift(() => stopServer(child));
    return { origin: `http://127.0.0.1:${at}`, pid: child.pid ?? 0 };
  };
  const web = await explore(port, values.profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${values.profile}` } : {});
  const other = values.against ? await explore(port + 2, { EXPLORE_WEB_DIR: values.against }) : null;
  const baseline = await startBaseline(port + 1);
  stops.unshift(() => baseline.stop());
  const paths = [
    { name: "privacy (Explore's layout)", path: "/privacy" },
    { name: "/api/health/live (no work)", path: "/api/health/live" },
    { name: "search API, no listings", path: "/api/v1/services", query: "query=word" },
    { name: "/robots.txt", path: "/robots.txt" },
  ];
  const all: Target[] = [
    { name: "bare Next page", ...baseline, path: "/" },
    ...paths.map((p) => ({ ...p, ...web })),
    ...(other ? paths.map((p) => ({ ...p, name: `${p.name}, the --against build`, ...other })) : []),
  ];
  const targets = values.only ? all.filter((t) => t.path === values.only && t.pid === web.pid) : all;
  console.log(
    `node ${process.version}, ${availableParallelism()} cores; one web process (deploy/web.sh), no cache in front; ${options.connections} clients, ${options.seconds} s each, ${rounds} rounds`,
  );
  for (const t of targets) await measure(t, 2, 2);

  const results = new Map<string, Result[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const first = round % targets.length;
    for (const t of [...targets.slice(first), ...targets.slice(0, first)]) results.get(t.name)?.push(await measure(t));
    console.log(`round ${round + 1}: ${targets.map((t) => `${t.name} ${results.get(t.name)?.at(-1)?.cpuMs.toFixed(2)} ms CPU`).join(", ")}`);
  }
  for (const t of targets) {
    const runs = results.get(t.name) ?? [];
    const middle = runs.find((m) => m.rps === median(runs.map((x) => x.rps)));
    if (middle) console.log(`${line(t.name, middle)}   CPU per answer, median of rounds: ${median(runs.map((x) => x.cpuMs)).toFixed(2)} ms`);
  }
  const bare = results.get("bare Next page") ?? [];
  for (const t of targets.filter((x) => x.pid !== baseline.pid)) {
    const runs = results.get(t.name);
    if (!runs?.length || !bare.length) continue;
    const byRate = runs.map((m, i) => m.rps / (bare[i]?.rps ?? Number.NaN));
    const byCpu = runs.map((m, i) => (bare[i]?.cpuMs ?? Number.NaN) / m.cpuMs);
    console.log(`${t.name} ÷ bare Next page, median of ${runs.length}: req/s ${median(byRate).toFixed(2)}, CPU per answer ${median(byCpu).toFixed(2)}`);
  }
} finally {
  for (const stop of stops) await stop().catch((error: unknown) => console.error(error));
}
