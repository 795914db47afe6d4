// The sample-test sweep at scale: 10,000 capabilities on 100 local adapters that answer in 50 ms, tested
// by one worker process (npm run worker, default limits: 2 per adapter, 20 in all), while the search page
// is loaded; its p95 during the sweep is compared with its p95 at rest.
//
//   AUTH_SECRET=… npx tsx scripts/with-db.ts sh -c "npm run build && npx tsx --conditions=react-server bench/sample-sweep.ts [N=10000]"
//
// Separate processes, as in production: the adapters, the web server (deploy/web.sh), the worker, and this one (load + clock).

import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { db } from "../lib/foundations/db/client";
import { requireDatabaseUrl } from "../lib/foundations/env";
import { refreshSearchDocuments } from "../lib/domain/search/documents";
import { markSampleTestsDue } from "../lib/domain/sample-tests/schedule";
import { startTestAdapters } from "../lib/testing/sample-test-adapters";
import { latencies } from "./latency";

const root = path.resolve(import.meta.dirname, "..");
const N = Number(process.argv[2] ?? 10_000);
const ADAPTERS = 100;
const PORT = 3_217;
const PAGE = `/?q=convert`;
const LOAD_CONCURRENCY = 2;
const IDLE_SECONDS = 20;

function child(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
}

function firstLine(proc: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!proc.stdout) return reject(new Error("no stdout"));
    const lines = createInterface({ input: proc.stdout });
    lines.on("line", (line) => {
      if (line.startsWith(prefix)) resolve(line.slice(prefix.length).trim());
    });
    proc.once("exit", () => reject(new Error(`${prefix} process exited`)));
  });
}

/** Closed-loop load on the search page until `done()`; returns every request's latency in ms. */
async function load(done: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: LOAD_CONCURRENCY }, async () => {
      while (!done()) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${PORT}${PAGE}`);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`search page answered ${response.status}`);
        samples.push(performance.now() - started);
      }
    }),
  );
  return samples;
}

/** CPU seconds a process has used (Linux /proc; clock ticks are 1/100 s). */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const loadAverage = () => os.loadavg()[0]?.toFixed(1) ?? "?";

function describe(label: string, samples: number[]): number {
  const s = latencies(samples);
  console.log(
    `${label.padEnd(22)} p50 ${s.p50.toFixed(1)} ms   p95 ${s.p95.toFixed(1)} ms   (n=${s.n}, load average ${loadAverage()} on ${os.cpus().length} cores)`,
  );
  return s.p95;
}

async function seed(adaptersUrl: string): Promise<string[]> {
  const owner = await db.user.create({ data: { email: `bench-${Date.now()}@example.test` }, select: { id: true } });
  const perAdapter = Math.ceil(N / ADAPTERS);
  const agentIds: string[] = [];
  for (let a = 0; a < ADAPTERS; a += 1) {
    const agent = await db.agent.create({
      data: {
        handle: `@bench-${a}`,
        ownerId: owner.id,
        status: "published",
        publishedAt: new Date(),
        ekl: "1.0",
        mode: "service_provider",
        executionMode: "storage_free",
        displayName: `Bench ${a}`,
        purpose: "Converts numbers for the benchmark.",
        interests: [],
        languages: ["en"],
        endpoint: `${adaptersUrl}/a${a}/mcp`,
        endpointPending: false,
        dataDeclared: false,
        document: {},
      },
      select: { id: true },
    });
    agentIds.push(agent.id);
    await db.capability.createMany({
      data: Array.from({ length: perAdapter }, (_, i) => ({
        agentId: agent.id,
        capabilityId: `cap_convert_${i}`,
        position: i,
        tool: "answer",
        name: `Convert sample ${a}.${i}`,
        summary: "Converts a sample number for the benchmark.",
        category: "bench.convert",
        contentRating: "general" as const,
        matureReasons: [],
        limitations: "Benchmark data only.",
        class: "transformation" as const,
        repeat: "return_kept" as const,
        storageFreeAccepted: true,
        data: {},
        version: "1.0.0",
        example: { input: { n: i }, problem: null, successCriteria: null, expectedOutput: { ok: true }, origin: "publisher", helpers: [] },
        offered: true,
        needsConfirmation: false,
        listed: true,
        isPaid: false,
        hasExample: true,
      })),
    });
  }
  await db.$transaction((tx) => refreshSearchDocuments(tx, agentIds), { timeout: 120_000 });
  const rows = await db.capability.findMany({ where: { agentId: { in: agentIds } }, select: { id: true } });
  return rows.map((r) => r.id).slice(0, N);
}

async function main(): Promise<void> {
  const databaseUrl = requireDatabaseUrl();
  const adapters = child(["bench/sample-sweep.ts", "--adapters"], {});
  const adaptersUrl = await firstLine(adapters, "ADAPTERS");
  console.log(`seeding ${N} capabilities on ${ADAPTERS} adapters…`);
  const ids = await seed(adaptersUrl);
  // Fresh statistics and no autovacuum of the new rows inside the idle window.
  await db.$executeRawUnsafe("VACUUM ANALYZE");

  // No cache in front: this measures how the sweep's database load slows a real search, not a cached page.
  const web = spawn("bash", ["deploy/web.sh"], {
    cwd: root,
    env: {
      ...process.env,
      HOSTNAME: "127.0.0.1",
      PORT: String(PORT),
      AUTH_URL: `http://127.0.0.1:${PORT}`,
      EXPLORE_SECRET_KEYS: "bench:ZXhwbG9yZS1iZW5jaC1zZWNyZXQta2V5LTAwMDAwMDA=",
      SMTP_URL: "smtp://127.0.0.1:9",
      AUTH_TRUST_HOST: "true",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const children: ChildProcess[] = [adapters, web];
  try {
    for (let i = 0; ; i += 1) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 300) throw new Error("the web server did not come up");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const warmEnd = Date.now() + 10_000;
    await load(() => Date.now() > warmEnd);
    const idleEnd = Date.now() + IDLE_SECONDS * 1000;
    const idle = describe("search page, idle", await load(() => Date.now() > idleEnd));

    const started = performance.now();
    await markSampleTestsDue(ids, new Date());
    const worker = child(["scripts/worker.ts"], { DATABASE_URL: databaseUrl, EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1" });
    children.push(worker);
    let recorded = 0;
    let sweepDone = false;
    const progress = (async () => {
      while (recorded < ids.length) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        recorded = await db.sampleTest.count();
      }
      sweepDone = true;
    })();
    const during = describe("search page, sweeping", await load(() => sweepDone));
    await progress;
    const seconds = (performance.now() - started) / 1000;
    const failed = await db.sampleTest.count({ where: { status: "failed" } });
    const workerCpu = cpuSeconds(worker.pid);
    console.log(
      `worker CPU: ${workerCpu.toFixed(1)} s, ${((workerCpu * 1000) / ids.length).toFixed(1)} ms per test; adapters' CPU ${cpuSeconds(adapters.pid).toFixed(1)} s`,
    );
    console.log(`sweep of ${ids.length} capabilities: ${seconds.toFixed(1)} s (${(ids.length / seconds).toFixed(0)} tests/s), ${failed} failed`);
    console.log(`p95 during the sweep / idle p95: ${(during / idle).toFixed(2)}× (must be ≤ 2×)`);
  } finally {
    for (const c of children.reverse()) c.kill("SIGTERM");
    await db.$disconnect();
  }
}

if (process.argv.includes("--adapters")) {
  // Child mode: the adapters in their own process, so their work does not skew this process's clock.
  // Niced: in production adapters run on the publishers' machines, not beside Explore.
  os.setPriority(19);
  const adapters = await startTestAdapters({ delayMs: 50 });
  console.log(`ADAPTERS ${adapters.url("x").replace(/\/x\/mcp$/, "")}`);
} else {
  await main();
}
