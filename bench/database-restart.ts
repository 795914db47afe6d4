// What people get while PostgreSQL restarts: 20 clients ask the production server (Next's standalone server, one
// process) for distinct pages and API reads without pause, PostgreSQL is stopped and started again on the same port,
// and every answer is counted by status while it is out and after. With `--varnish` the clients ask Varnish in front
// (deploy/varnish/explore.vcl, as production runs); without it, Next alone.
// The bar: no 500 at all (503 with Retry-After while it is out), and searches answered again soon after it is back.
// A fast restart (300 ms) is waited out by the reads (lib/foundations/db/read-retry.ts); a long one (say 8000 ms) outlasts them.
//
//   npm run -s build && npx tsx bench/database-restart.ts [DOWN_MS=300] [ROUNDS=3] [--varnish]
//
// Processes: this one (the 20 clients), the web server, PostgreSQL (a throw-away one of its own, with the demo
// network's listings) and with --varnish varnishd, on two shared cores; Node as printed.

import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort, startEmbeddedPostgres, type RunningPostgres } from "../scripts/lib/embedded-postgres";
import { deployMigrations } from "../scripts/lib/migrations";
import { bin, run } from "../scripts/lib/children";
import { startVarnish } from "../scripts/lib/varnish";
import { startServer } from "./server";

const numbers = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const DOWN_MS = Number(numbers[0] ?? 300);
const ROUNDS = Number(numbers[1] ?? 3);
const THROUGH_VARNISH = process.argv.includes("--varnish");
const CLIENTS = 20;

type Answer = { at: number; status: number; path: string; retryAfter: boolean };

const paths = (i: number) => [
  `/?q=convert+${i}`,
  `/api/v1/services?query=length&offset=${i % 3}&limit=${1 + (i % 40)}`,
  `/services/@unit-forge/cap_convert_length?v=${i}`,
  `/agents/@unit-forge?v=${i}`,
  `/api/v1/agents/@unit-forge?v=${i}`,
];

async function main(): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "explore-restart-pg-"));
  await chmod(folder, 0o755);
  const pgPort = await freePort();
  const start = () => startEmbeddedPostgres({ dataDir: path.join(folder, "data"), database: "explore", persistent: true, port: pgPort });
  let database: RunningPostgres = await start();
  await deployMigrations(database.url);
  // The demo network's listings, seeded as `npm start` seeds them (its adapters are not needed to read pages).
  await run(bin("tsx"), ["--conditions=react-server", "scripts/db-seed.ts"], {
    DATABASE_URL: database.url,
    EXPLORE_DEMO: "1",
    EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1",
  });
  const port = await freePort();
  const server = await startServer(database.url, { port, env: { EXPLORE_DEMO: "1", RATE_LIMIT_API: "1000000/1m" } });
  const varnish = THROUGH_VARNISH ? await startVarnish({ port: await freePort(), backendPorts: [port] }) : null;
  const origin = varnish?.url ?? `http://127.0.0.1:${port}`;
  const answers: Answer[] = [];
  let stop = false;
  let n = 0;
  const client = async () => {
    while (!stop) {
      n += 1;
      const list = paths(n);
      const p = list[n % list.length] ?? "/";
      try {
        const response = await fetch(`${origin}${p}`, { redirect: "manual" });
        await response.arrayBuffer();
        answers.push({ at: performance.now(), status: response.status, path: p, retryAfter: response.headers.has("retry-after") });
      } catch {
        answers.push({ at: performance.now(), status: 0, path: p, retryAfter: false });
      }
    }
  };
  try {
    const clients = Array.from({ length: CLIENTS }, () => client());
    await new Promise((r) => setTimeout(r, 3_000));
    const rounds: { down: number; up: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const down = performance.now();
      await database.stop();
      await new Promise((r) => setTimeout(r, DOWN_MS));
      database = await start();
      const up = performance.now();
      rounds.push({ down, up });
      await new Promise((r) => setTimeout(r, 5_000));
    }
    stop = true;
    await Promise.all(clients);

    console.log(
      `Node ${process.version}, ${os.cpus().length} cores; ${CLIENTS} clients, one web process${varnish ? " behind Varnish" : ", no cache in front"}; PostgreSQL stopped for ${DOWN_MS} ms then started, ${ROUNDS} times`,
    );
    for (const [i, { down, up }] of rounds.entries()) {
      const during = answers.filter((a) => a.at >= down && a.at <= up + 200);
      const after = answers.filter((a) => a.at > up && a.status === 200);
      const firstOk = after[0] ? (after[0].at - up).toFixed(0) : "never";
      const count = (s: number) => during.filter((a) => a.status === s).length;
      const other = during.filter((a) => ![200, 503, 500, 0].includes(a.status));
      const otherStatuses = [...new Set(other.map((a) => `${a.status} ${a.path.replace(/[?].*$/, "")}`))].join(", ");
      const failedAt = during.filter((a) => a.status === 500).map((a) => (a.at - down).toFixed(0));
      console.log(
        `round ${i + 1}: ${during.length} answers while out (and 200 ms after): 200 ${count(200)}, 503 ${count(503)} (${during.filter((a) => a.status === 503 && a.retryAfter).length} with Retry-After), 500 ${count(500)}, no answer ${count(0)}, other ${other.length}${otherStatuses ? ` (${otherStatuses})` : ""}; 500s at ${failedAt.join(", ") || "-"} ms after the stop; first 200 ${firstOk} ms after the start`,
      );
    }
    const fivehundreds = answers.filter((a) => a.status >= 500 && a.status !== 503);
    console.log(
      `in all: ${answers.length} answers, ${fivehundreds.length} of 500 or more but 503${fivehundreds.length > 0 ? `: ${[...new Set(fivehundreds.map((a) => a.path.replace(/[?].*$/, "")))].join(", ")}` : ""}`,
    );
  } finally {
    stop = true;
    await varnish?.stop();
    server.kill("SIGTERM");
    await database.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

await main();
