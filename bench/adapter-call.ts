// What the guarded adapter call costs: callTool through the guarded fetch (address check, pinned pool,
// size cap, deadline, ALS scope) against a plain SDK client on the global fetch, same local MCP server,
// same run, calls interleaved so drift hits both alike. Then 50 concurrent calls through the guarded path.
//
//   npx tsx bench/adapter-call.ts [N=500]

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createGuardedFetch } from "../lib/domain/adapters/guarded-fetch";
import { callTool } from "../lib/domain/adapters/mcp-call";
import { closeAdapterClients } from "../lib/domain/adapters/mcp-client-pool";
import { startMcpServer } from "../lib/testing/mcp-test-servers";
import { latencies, timeInterleaved, type Latencies } from "./latency";

const N = Number(process.argv[2] ?? 500);
const WARMUP = 50;
const CONCURRENT = 50;

function summary(label: string, samples: number[]): Latencies {
  const s = latencies(samples);
  console.log(`${label.padEnd(28)} p50 ${s.p50.toFixed(2)} ms   p95 ${s.p95.toFixed(2)} ms   mean ${s.mean.toFixed(2)} ms   (n=${s.n})`);
  return s;
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

  const { first: guardedMs, second: directMs } = await timeInterleaved(N, WARMUP, viaGuard, viaSdk);

  console.log(`callTool "echo" against a local stateless MCP server (SDK McpServer), node ${process.version}`);
  const g = summary("guarded callTool", guardedMs);
  const d = summary("direct SDK client.callTool", directMs);
  console.log(`overhead                     p50 ${(g.p50 - d.p50).toFixed(2)} ms   p95 ${(g.p95 - d.p95).toFixed(2)} ms`);

  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      viaGuard(WARMUP + N + i).then(
        () => "ok",
        (e: unknown) => String(e),
      ),
    ),
  );
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
