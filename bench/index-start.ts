// How soon a new web instance searches from memory (results go to docs/benchmarks.md; nothing here is asserted):
// the production server (deploy/web.sh, one process) started on a database generate-listings.ts filled, timed
// from its start to its first answer and to its health check saying "current", with its resident memory then (its
// log, printed as it runs, has a line for each load, "current": false for one thrown away). With `--against DIR`
// another standalone build (an older commit's .next/standalone, copied aside) is started too, the two alternating
// round by round.
//
//   npm run build   # once: the benchmark serves the standalone build
//   npx tsx scripts/with-db.ts bash -c 'npx tsx bench/generate-listings.ts "$DATABASE_URL" 100000 &&
//     npx tsx bench/index-start.ts --database-url "$DATABASE_URL" [--rounds 3] [--against /tmp/old-standalone]'
import type { ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { treeResidentMb } from "./process-tree";
import { searchIndexLoaded, startServer, stopServer } from "./server";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    rounds: { type: "string", default: "3" },
    port: { type: "string", default: "3460" },
    against: { type: "string" },
  },
});
const databaseUrl = values["database-url"];
if (!databaseUrl) throw new Error("--database-url: a database generate-listings.ts filled");

type Start = { answeredMs: number; currentMs: number; residentMb: number };

/** One start of the build in `webDir` (this checkout's when undefined), stopped once its index is current. */
async function start(webDir: string | undefined): Promise<Start> {
  const port = Number(values.port);
  const started = performance.now();
  let child: ChildProcess | null = null;
  try {
    child = await startServer(databaseUrl ?? "", { port, env: webDir ? { EXPLORE_WEB_DIR: webDir } : {} });
    const answeredMs = performance.now() - started;
    await searchIndexLoaded(`http://127.0.0.1:${port}`);
    return { answeredMs, currentMs: performance.now() - started, residentMb: Math.round(treeResidentMb(child.pid ?? 0)) };
  } finally {
    if (child) await stopServer(child);
  }
}

const builds: [string, string | undefined][] = [
  ["this build", undefined],
  ...(values.against ? [["the --against build", values.against] as [string, string]] : []),
];
console.log(`node ${process.version}, ${availableParallelism()} cores; one web process (deploy/web.sh), ${values.rounds} rounds`);
const results = new Map<string, Start[]>(builds.map(([name]) => [name, []]));
for (let round = 0; round < Number(values.rounds); round += 1) {
  // Rounds alternate which build starts first: the database's cache warms for whichever goes second.
  for (const [name, dir] of round % 2 === 0 ? builds : [...builds].reverse()) {
    const s = await start(dir);
    results.get(name)?.push(s);
    console.log(
      `round ${round + 1}, ${name}: answers after ${(s.answeredMs / 1000).toFixed(1)} s, searches from memory after ${(s.currentMs / 1000).toFixed(1)} s, ${s.residentMb} MB resident`,
    );
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
for (const [name, starts] of results) {
  console.log(
    `${name}: searches from memory after ${(median(starts.map((s) => s.currentMs)) / 1000).toFixed(1)} s (median), ${median(starts.map((s) => s.residentMb))} MB resident`,
  );
}
