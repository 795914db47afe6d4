// What running a service through Explore costs over calling the adapter directly: runCapability — the whole
// body of the run server action (visibility read, plan and daily-limit check under an advisory lock, argument
// validation, execution record, guarded MCP call, record finished with fingerprints) — against a plain SDK
// client calling the same tool on the same local demo adapter, interleaved in the same run. Then rounds of 50
// concurrent runs (50 people at once) through the same path, counting anything but "succeeded" as an error.
//
//   npx tsx scripts/with-db.ts tsx --conditions=react-server bench/run-action.ts [N=400] [ROUNDS=10]
//
// Not measured here: Next's own decoding of the action's POST (the same for every action) and the browser.

import { readFile } from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startDemoAdapters } from "../demo/adapters/server";
import { createGuardedFetch } from "../lib/domain/adapters/guarded-fetch";
import { closeAdapterClients } from "../lib/domain/adapters/mcp-client-pool";
import { importAgentFile } from "../lib/domain/publishing/import-agent";
import type { Viewer } from "../lib/model/accounts/viewer";
import { db } from "../lib/foundations/db/client";
import { runCapability } from "../lib/domain/runs/run-capability";
import { latencies, timeInterleaved, type Latencies } from "./latency";

const N = Number(process.argv[2] ?? 400);
const ROUNDS = Number(process.argv[3] ?? 10);
const WARMUP = 50;
const CONCURRENT = 50;
const HANDLE = "@bench-units";
const ARGS = { value: 26.2, from: "mi", to: "km" };

function summary(label: string, samples: number[]): Latencies {
  const s = latencies(samples);
  console.log(`${label.padEnd(34)} p50 ${s.p50.toFixed(2)} ms   p95 ${s.p95.toFixed(2)} ms   (n=${s.n})`);
  return s;
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

async function main(): Promise<void> {
  const adapters = await startDemoAdapters({ port: 0 });
  const endpoint = `${adapters.url}/units/mcp`;
  const owner = await viewerFor("bench-publisher@explore.localhost");
  const text = (await readFile("demo/agents/unit-forge.json", "utf8"))
    .replaceAll("http://127.0.0.1:4510", adapters.url)
    .replace('"@unit-forge"', JSON.stringify(HANDLE));
  const imported = await importAgentFile({ text, ownerId: owner.id, publish: true });
  if (!imported.ok) throw new Error(imported.message);
  const target = { handle: HANDLE, capabilityId: "cap_convert_length", arguments: ARGS, dryRun: false };

  const guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
  const direct = new Client({ name: "bench-direct", version: "1.0.0" });
  await direct.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
  // The free plan allows 1000 runs a day per person: one person per 900 serial runs keeps the limit check real.
  let serialViewer = await viewerFor(`bench-serial-0@explore.localhost`);

  // As Next's `after` does in the action: the record is finished once the answer has gone out.
  const finishing: Promise<void>[] = [];
  const afterAnswer = (task: () => Promise<void>) => void finishing.push(task());

  const viaAction = async (i: number): Promise<number> => {
    if (i > 0 && i % 900 === 0) serialViewer = await viewerFor(`bench-serial-${i}@explore.localhost`);
    const started = performance.now();
    const result = await runCapability(serialViewer, target, { fetch: guarded, afterAnswer });
    if (!result.ok || result.execution.status !== "succeeded") throw new Error(`run ${i}: ${result.ok ? result.execution.message : result.message}`);
    return performance.now() - started;
  };
  const viaSdk = async (i: number): Promise<number> => {
    const started = performance.now();
    const result = await direct.callTool({ name: "convert_length", arguments: ARGS, _meta: { "io.explore/execution_id": `bench-${i}` } });
    if (result.isError === true) throw new Error(`direct call ${i} failed`);
    return performance.now() - started;
  };

  const { first: actionMs, second: directMs } = await timeInterleaved(N, WARMUP, viaAction, viaSdk);
  console.log(`"convert_length" on the local demo adapter (stateless SDK McpServer), embedded PostgreSQL, node ${process.version}`);
  const a = summary("run action path (runCapability)", actionMs);
  const d = summary("direct SDK client.callTool", directMs);
  console.log(`overhead                           p50 ${(a.p50 - d.p50).toFixed(2)} ms   p95 ${(a.p95 - d.p95).toFixed(2)} ms`);

  const people = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => viewerFor(`bench-concurrent-${i}@explore.localhost`)));
  const errors: string[] = [];
  const roundMs: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const results = await Promise.all(people.map((p) => runCapability(p, target, { fetch: guarded, afterAnswer }).catch((e: unknown) => String(e))));
    roundMs.push(performance.now() - started);
    for (const r of results) {
      if (typeof r === "string") errors.push(r);
      else if (!r.ok) errors.push(r.message);
      else if (r.execution.status !== "succeeded") errors.push(r.execution.message);
    }
  }
  const rounds = latencies(roundMs);
  console.log(
    `${ROUNDS} rounds of ${CONCURRENT} concurrent runs: ${errors.length} errors of ${ROUNDS * CONCURRENT}; a round takes p50 ${rounds.p50.toFixed(1)} ms (${((CONCURRENT * 1000) / rounds.p50).toFixed(0)} runs/s)`,
  );

  await Promise.all(finishing);
  const unfinished = await db.execution.count({ where: { capability: { agent: { handle: HANDLE } }, status: "running" } });
  if (unfinished > 0) errors.push(`${unfinished} execution records were left running`);
  await direct.close();
  await closeAdapterClients();
  await guarded.close();
  await adapters.close();
  await db.agent.deleteMany({ where: { handle: HANDLE } });
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
