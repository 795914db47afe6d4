// What the gateway adds to a run: the same tool called by an MCP client directly on the adapter, and through
// Explore's gateway (/mcp/agents/@handle on the production server: token, visibility, plans, the execution record
// written and finished, the guarded call), interleaved in the same run so drift hits both alike. Each gateway call
// is a distinct run (new arguments), under a free plan without a daily limit. Printed beside them: the gateway's
// floor, tools/list through the same server (token and agent read, no run).
//
//   npm run -s build && npx tsx scripts/with-db.ts tsx --conditions=react-server bench/gateway.ts [N=300]
//
// Processes: this one (both clients and the adapter, the MCP SDK's test server), the production web server, and
// PostgreSQL; Node as `node --version` prints, two cores shared by all.

import os from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { importAgentFile } from "../lib/domain/publishing/import-agent";
import { newApiToken } from "../lib/domain/api-tokens/tokens";
import { db } from "../lib/foundations/db/client";
import { requireDatabaseUrl } from "../lib/foundations/env";
import { startMcpServer } from "../lib/testing/mcp-test-servers";
import { freePort } from "../scripts/lib/embedded-postgres";
import { latencies, timeInterleaved } from "./latency";
import { startServer } from "./server";

const N = Number(process.argv[2] ?? 300);
const WARMUP = 30;
const HANDLE = `@bench-gateway-${Date.now().toString(36)}`;

function client(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const c = new Client({ name: "bench-gateway", version: "1.0.0" });
  return c.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } })).then(() => c);
}

function line(label: string, samples: number[]): void {
  const s = latencies(samples);
  console.log(
    `${label.padEnd(34)} p50 ${s.p50.toFixed(2).padStart(7)} ms   p95 ${s.p95.toFixed(2).padStart(7)} ms   p99 ${s.p99.toFixed(2).padStart(7)} ms   (n=${s.n})`,
  );
}

async function main(): Promise<void> {
  const adapter = await startMcpServer();
  const owner = await db.user.create({ data: { email: `bench-gateway-${Date.now()}@explore.test` } });
  const imported = await importAgentFile({
    text: JSON.stringify({
      ekl: "1.0",
      mode: "service_provider",
      execution_mode: "storage_free",
      agent: { handle: HANDLE, display_name: "Gateway bench", purpose: "Echoes text for the gateway benchmark.", languages: ["en"] },
      adapter: { endpoint: adapter.url },
      capabilities: [
        {
          tool: "echo",
          capability_id: "cap_echo",
          name: "Echo",
          summary: "Echoes its text.",
          category: "utilities.conversion",
          limitations: "Bench rows only.",
          class: "read_only",
          input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
        },
      ],
    }),
    ownerId: owner.id,
    publish: true,
  });
  if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
  const { token, sha256 } = newApiToken();
  await db.apiToken.create({ data: { userId: owner.id, tokenSha256: sha256, label: "bench" } });

  const port = await freePort();
  // Loopback adapters are for the demo and tests: the bench server is one (EXPLORE_DEMO), and its limits are lifted.
  const server = await startServer(requireDatabaseUrl(), {
    port,
    env: { EXPLORE_DEMO: "1", EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1", RATE_LIMIT_MCP: "1000000/1m", RATE_LIMIT_RUNS: "1000000/1m" },
  });
  try {
    const direct = await client(adapter.url);
    const gateway = await client(`http://127.0.0.1:${port}/mcp/agents/${HANDLE}`, { authorization: `Bearer ${token}` });
    const timed = (c: Client, name: string) => async (i: number) => {
      const started = performance.now();
      const result = (await c.callTool({ name, arguments: { text: `run ${i}` } })) as CallToolResult;
      if (result.isError) throw new Error(`call ${i} failed: ${JSON.stringify(result.content)}`);
      return performance.now() - started;
    };
    const { first, second } = await timeInterleaved(N, WARMUP, timed(direct, "echo"), timed(gateway, "cap_echo"));
    const listed: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const started = performance.now();
      await gateway.listTools();
      listed.push(performance.now() - started);
    }
    console.log(`Node ${process.version}, ${os.cpus().length} cores; ${N} calls each, interleaved after ${WARMUP} warm-up calls each`);
    line("adapter directly (tools/call)", first);
    line("through the gateway (tools/call)", second);
    line("gateway floor (tools/list)", listed);
    const d = latencies(first);
    const g = latencies(second);
    console.log(`gateway overhead: p50 +${(g.p50 - d.p50).toFixed(2)} ms, p95 +${(g.p95 - d.p95).toFixed(2)} ms`);
    const runs = await db.execution.count({ where: { userId: owner.id, status: "succeeded" } });
    console.log(`execution records written: ${runs} (expected ${N + WARMUP})`);
    await Promise.all([direct.close(), gateway.close()]);
  } finally {
    server.kill("SIGTERM");
    await adapter.close();
    await db.agent.deleteMany({ where: { handle: HANDLE } });
    await db.user.delete({ where: { id: owner.id } });
    await db.$disconnect();
  }
}

await main();
