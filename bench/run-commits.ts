// How many PostgreSQL commits runs and sample tests cost, and what the runs' latency is meanwhile: rounds of
// 50 concurrent runs of a tool that reports its progress (the MCP reference server's long operation, 1 s in
// 10 steps, on loopback) through the run action's path with its progress hooks, while sample-test results
// are recorded without pause (recordSampleTest, 4 at a time, over 200 listings that are already
// sample-tested, as a daily sweep mostly finds them). Commits are pg_stat_database's xact_commit before and
// after, read once every connection that counted them has closed (a backend reports its counts on exit).
// NOTIFYs are counted by a connection LISTENing on every channel either tree uses: each one sent in a
// transaction makes that transaction's commit wait its turn behind every other NOTIFYing commit.
//
//   npx tsx scripts/with-db.ts tsx --conditions=react-server bench/run-commits.ts [ROUNDS=6]
//
// The same script runs on a tree whose progress goes over LISTEN/NOTIFY (lib/domain/runs/progress-bus.ts, with the
// page's listener subscribed as the event route did) and on one whose progress travels in the action's
// response stream (lib/domain/runs/run-progress.ts), whichever the tree has. Processes: this one, the reference
// server, and PostgreSQL.

import { randomUUID } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { closeAdapterClients } from "../lib/domain/adapters/mcp-client-pool";
import { createGuardedFetch } from "../lib/domain/adapters/guarded-fetch";
import { importAgentFile } from "../lib/domain/publishing/import-agent";
import type { Viewer } from "../lib/model/accounts/viewer";
import { db } from "../lib/foundations/db/client";
import { closeDbEvents } from "../lib/foundations/db/events";
import { requireDatabaseUrl } from "../lib/foundations/env";
import { runCapability, type RunDeps } from "../lib/domain/runs/run-capability";
import type { RunResult } from "../lib/domain/runs/run-types";
import { recordSampleTest } from "../lib/domain/sample-tests/record";
import { startEverythingServer } from "../lib/testing/everything-server";
import { latencies } from "./latency";

const ROUNDS = Number(process.argv[2] ?? 6);
const CONCURRENT = 50;
const SWEPT = 200;
const SWEEPERS = 4;
const RUN_HANDLE = "@bench-progress";
const SWEPT_HANDLE = "@bench-swept";
const CHANNELS = ["explore_listings_changed", "explore_capability_facts", "explore_run_events"];

type Hooks = Required<Pick<RunDeps, "onStarted" | "onProgress">>;
/** Runs `run` with the tree's progress hooks, as the run action does, and returns its result. */
type WithProgress = (viewer: Viewer, run: (hooks: Hooks) => Promise<RunResult>) => Promise<RunResult>;

// Loaded by name, so the script type-checks on either tree.
async function load(module: string): Promise<Record<string, unknown> | null> {
  return import(module).then(
    (m: Record<string, unknown>) => m,
    () => null,
  );
}

async function progressPath(): Promise<{ name: string; withProgress: WithProgress }> {
  const stream = await load("../lib/domain/runs/run-progress");
  if (stream) {
    const runEvents = stream.runEvents as (run: (hooks: Hooks) => Promise<unknown>, intervalMs?: number) => ReadableStream<{ type: string; result?: unknown }>;
    return {
      name: "in the action's response stream",
      withProgress: async (_viewer, run) => {
        let result: RunResult | undefined;
        const reader = runEvents(async (hooks) => (result = await run(hooks))).getReader();
        for (;;) if ((await reader.read()).done) break;
        if (!result) throw new Error("the stream ended without the run's answer");
        return result;
      },
    };
  }
  const bus = await load("../lib/runs/progress-bus");
  if (!bus) throw new Error("neither lib/domain/runs/run-progress.ts nor lib/domain/runs/progress-bus.ts is in this tree");
  type Event = { type: string };
  const runTopic = bus.runTopic as (userId: string, key: string) => string;
  const subscribe = bus.subscribeRunEvents as (topic: string, listener: (event: Event) => void) => Promise<() => Promise<void>>;
  const publish = bus.publishRunEvent as (topic: string, event: Event) => Promise<void>;
  const throttled = bus.throttledProgress as (topic: string) => Hooks["onProgress"];
  return {
    name: "over LISTEN/NOTIFY",
    withProgress: async (viewer, run) => {
      const topic = runTopic(viewer.id, randomUUID());
      // The page's event stream listens before the run starts, as app/api/runs/events did.
      let finished!: () => void;
      const heard = new Promise<void>((resolve) => (finished = resolve));
      const stop = await subscribe(topic, (event) => event.type === "finished" && finished());
      try {
        return await run({ onStarted: (executionId) => void publish(topic, { type: "started", executionId } as Event), onProgress: throttled(topic) });
      } finally {
        await publish(topic, { type: "finished" });
        await heard;
        await stop();
      }
    },
  };
}

async function viewerFor(email: string): Promise<Viewer> {
  const user = await db.user.upsert({
    where: { email },
    create: { email },
    update: {},
    select: { id: true, email: true, name: true, dateOfBirth: true, showMature: true },
  });
  return { ...user, isAdmin: false };
}

function agentFile(handle: string, endpoint: string, capabilities: Record<string, unknown>[]): string {
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Bench agent", purpose: "Holds the benchmark's services.", interests: ["testing"], languages: ["en"], logo: null },
    adapter: { endpoint },
    defaults: { data: { inputs: { retention: "none" }, results: { retention: "none" }, used_for_training: false, processing_regions: ["DE"] } },
    capabilities: capabilities.map((c) => ({ category: "developer_tools.json", limitations: "Benchmark only.", class: "read_only", ...c })),
  });
}

async function importAgent(text: string, ownerId: string): Promise<void> {
  const imported = await importAgentFile({ text, ownerId, publish: true });
  if (!imported.ok) throw new Error(imported.message);
}

/** Commits of this database so far, read on a connection of its own (its one read commits once). */
async function commits(reader: pg.Client): Promise<number> {
  const { rows } = await reader.query<{ n: string }>("SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()");
  return Number(rows[0]?.n ?? 0);
}

/** Every connection that counted commits closes, so its counts reach pg_stat_database. */
async function flushCounts(): Promise<void> {
  await closeDbEvents();
  await db.$disconnect();
  // A backend reports on exit, a moment after the client has let go of it.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}

async function main(): Promise<void> {
  const { name, withProgress } = await progressPath();
  const everything = await startEverythingServer();
  const owner = await viewerFor("bench-commits-publisher@explore.localhost");
  await db.agent.deleteMany({ where: { handle: { in: [RUN_HANDLE, SWEPT_HANDLE] } } });
  await importAgent(
    agentFile(RUN_HANDLE, everything.url, [
      {
        tool: "trigger-long-running-operation",
        capability_id: "cap_long",
        name: "Long operation",
        summary: "Runs for a second and reports its progress step by step.",
        max_duration_seconds: 30,
        input_schema: { type: "object", properties: { duration: { type: "number" }, steps: { type: "number" } } },
        example: { input: { duration: 1, steps: 10 } },
      },
    ]),
    owner.id,
  );
  await importAgent(
    agentFile(
      SWEPT_HANDLE,
      everything.url,
      Array.from({ length: SWEPT }, (_, i) => ({
        tool: "echo",
        capability_id: `cap_echo_${i}`,
        name: `Echo ${i}`,
        summary: "Echoes back the message it is given.",
        input_schema: { type: "object", properties: { message: { type: "string" } } },
        example: { input: { message: "hi" } },
      })),
    ),
    owner.id,
  );
  const swept = (await db.capability.findMany({ where: { agent: { handle: SWEPT_HANDLE } }, select: { id: true } })).map((c) => c.id);
  const record = (capabilityId: string) =>
    recordSampleTest({
      jobId: randomUUID(),
      capabilityId,
      capabilityVersion: "1.0.0",
      outcome: { status: "passed", startedAt: new Date(), latencyMs: 5, failureReason: null, output: { ok: true } },
      nextRunAt: new Date(Date.now() + 86_400_000),
    });
  // Each listing's first pass makes it sample-tested: the sweep measured below finds them so.
  for (const id of swept) await record(id);

  const people = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => viewerFor(`bench-commits-${i}@explore.localhost`)));
  const guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
  const finishing: Promise<void>[] = [];
  const deps: RunDeps = { fetch: guarded, afterAnswer: (task) => void finishing.push(task()) };
  const target = { handle: RUN_HANDLE, capabilityId: "cap_long", arguments: { duration: 1, steps: 10 }, dryRun: false };
  const runOnce = (viewer: Viewer) => withProgress(viewer, (hooks) => runCapability(viewer, target, { ...deps, ...hooks }));
  // One warm-up round: adapter sessions, prepared plans.
  await Promise.all(people.map(runOnce));
  await Promise.all(finishing.splice(0));

  const reader = new pg.Client({ connectionString: requireDatabaseUrl(), application_name: "bench commits reader" });
  await reader.connect();
  const notified = new Map<string, number>();
  reader.on("notification", (message) => notified.set(message.channel, (notified.get(message.channel) ?? 0) + 1));
  for (const channel of CHANNELS) await reader.query(`LISTEN ${channel}`);
  await flushCounts();
  const before = await commits(reader);
  const started = performance.now();

  let sweeping = true;
  let tested = 0;
  const sweep = Array.from({ length: SWEEPERS }, async (_, lane) => {
    for (let i = lane; sweeping; i += SWEEPERS) {
      await record(swept[i % swept.length] ?? "");
      tested += 1;
    }
  });
  const runMs: number[] = [];
  const errors: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await Promise.all(
      people.map(async (viewer) => {
        const t = performance.now();
        const result = await runOnce(viewer).catch((e: unknown) => String(e));
        runMs.push(performance.now() - t);
        if (typeof result === "string") errors.push(result);
        else if (!result.ok) errors.push(result.message);
        else if (result.execution.status !== "succeeded") errors.push(result.execution.message);
      }),
    );
  }
  sweeping = false;
  await Promise.all(sweep);
  await Promise.all(finishing.splice(0));
  const seconds = (performance.now() - started) / 1000;
  await flushCounts();
  const committed = (await commits(reader)) - before;
  // Sent before the counts were read, so delivered by now: the read's answer follows them on this connection.
  await reader.end();
  const notifies = CHANNELS.map((c) => `${c} ${notified.get(c) ?? 0}`).join(", ");

  const runs = latencies(runMs);
  console.log(`progress ${name}; node ${process.version}, ${os.cpus().length} CPUs; processes: this one, the MCP reference server, PostgreSQL`);
  console.log(
    `${ROUNDS} rounds of ${CONCURRENT} concurrent runs (1 s, 10 progress steps each) with ${tested} sample tests recorded meanwhile, in ${seconds.toFixed(1)} s`,
  );
  console.log(`commits: ${committed} (${(committed / seconds).toFixed(0)}/s); per run and test: ${(committed / (runMs.length + tested)).toFixed(2)}`);
  console.log(`NOTIFYs heard: ${notifies}`);
  console.log(
    `run latency: p50 ${runs.p50.toFixed(0)} ms   p95 ${runs.p95.toFixed(0)} ms   p99 ${runs.p99.toFixed(0)} ms   (n=${runs.n}, ${errors.length} errors)`,
  );
  console.log(`sample tests: ${(tested / seconds).toFixed(0)}/s`);

  await closeAdapterClients();
  await guarded.close();
  await everything.stop();
  await db.agent.deleteMany({ where: { handle: { in: [RUN_HANDLE, SWEPT_HANDLE] } } });
  await db.$disconnect();
  if (errors.length > 0) {
    console.error(errors.slice(0, 3).join("\n"));
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
