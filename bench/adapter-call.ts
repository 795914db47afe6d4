// What the guarded adapter call costs: callTool through the guarded fetch (address check, pinned pool,
// size cap, deadline, ALS scope) against a plain SDK client on the global fetch, same local MCP server,
// same run, calls interleaved so drift hits both alike. Then 50 concurrent calls through the guarded path.
//
//   npx tsx bench/adapter-call.ts [N=500]

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createGuardedFetch } from "../lib/adapters/guarded-fetch";
import { callTool, closeAdapterClients } from "../lib/adapters/mcp-call";
import { startMcpServer } from "../lib/adapters/test-servers";

const N = Number(process.argv[2] ?? 500);
const WARMUP = 50;
const CONCURRENT = 50;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function summary(label: string, samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  console.log(`${label.padEnd(28)} p50 ${p50.toFixed(2)} ms   p95 ${p95.toFixed(2)} ms   mean ${mean.toFixed(2)} ms   (n=${samples.length})`);
  return { p50, p95 };
}

async function main(): Promise<void> {
  const server = await startMcpServer();
  const guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
  const direct = new Client({ name: "bench-direct", version: "1.0.0" });
  await direct.connect(new StreamableHTTPClientTransport(new URL(server.url)));

  const viaGuard = async (i: number): Promise<number> => {
    const started = performance.now();
    const outcome = await callTool({
      endpoint: server.url,
      tool: "echo",
      arguments: { text: `hello ${i}` },
      meta: { "explore/execution_id": `exec_${i}` },
      deadlineMs: 10_000,
      fetch: guarded,
    });
    if (outcome.status !== "succeeded") throw new Error(`guarded call ${i} ended ${outcome.status}`);
    return performance.now() - started;
  };
  const viaSdk = async (i: number): Promise<number> => {
    const started = performance.now();
    const result = await direct.callTool({ name: "echo", arguments: { text: `hello ${i}` }, _meta: { "explore/execution_id": `exec_${i}` } });
    if (result.isError === true) throw new Error(`direct call ${i} failed`);
    return performance.now() - started;
  };

  for (let i = 0; i < WARMUP; i += 1) {
    await viaGuard(i);
    await viaSdk(i);
  }
  const guardedMs: number[] = [];
  const directMs: number[] = [];
  for (let i = 0; i < N; i += 1) {
    // Alternate which goes first so neither always meets a warm connection.
    if (i % 2 === 0) {
      guardedMs.push(await viaGuard(i));
      directMs.push(await viaSdk(i));
    } else {
      directMs.push(await viaSdk(i));
      guardedMs.push(await viaGuard(i));
    }
  }

  console.log(`callTool "echo" against a local stateless MCP server (SDK McpServer), node ${process.version}`);
  const g = summary("guarded callTool", guardedMs);
  const d = summary("direct SDK client.callTool", directMs);
  console.log(`overhead                     p50 ${(g.p50 - d.p50).toFixed(2)} ms   p95 ${(g.p95 - d.p95).toFixed(2)} ms`);

  const started = performance.now();
  const outcomes = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => viaGuard(N + i).then(() => "ok", (e: unknown) => String(e))));
  const errors = outcomes.filter((o) => o !== "ok");
  console.log(`${CONCURRENT} concurrent guarded calls: ${errors.length} errors, ${(performance.now() - started).toFixed(1)} ms in all`);

  await direct.close();
  await closeAdapterClients();
  await guarded.close();
  await server.close();
  if (errors.length > 0) {
    console.error(errors.slice(0, 3).join("\n"));
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
