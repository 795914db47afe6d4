// Importing large agents: one agent.json with 1,000 capabilities (well under the 512 KB limit) through
// importAgentFile — the whole body of the dashboard's import and of `explore import` (parse, validate,
// normalise, one transaction through writeListings, search documents, NOTIFY) — then its re-import (every
// capability matched and replaced), then ten such imports at once for ten different handles, while a probe
// keeps asking the same connection pool for `SELECT 1` to show that readers still get a connection.
//
//   npx tsx scripts/with-db.ts tsx --conditions=react-server bench/import-agents.ts [CAPABILITIES=1000] [AT_ONCE=10]

import { monitorEventLoopDelay } from "node:perf_hooks";
import pg from "pg";
import { MAX_AGENT_FILE_BYTES } from "../lib/model/agent-file";
import { importAgentFile, MAX_CONCURRENT_IMPORTS } from "../lib/domain/publishing/import-agent";
import { db } from "../lib/foundations/db/client";
import { requireDatabaseUrl } from "../lib/foundations/env";
import { latencies } from "./latency";

const CAPABILITIES = Number(process.argv[2] ?? 1000);
const AT_ONCE = Number(process.argv[3] ?? 10);
const PREFIX = "@bench-large";
// pg.Pool's default, which PrismaPg keeps when lib/foundations/db/client.ts gives it only a connection string.
const POOL_SIZE = new pg.Pool().options.max;

const CATEGORIES = ["weather.forecast", "finance.loans", "text.summarization", "travel.flights", "health.nutrition"];
const TAGS = ["forecasts", "mortgages", "writing", "hotels", "fitness"];

/** A plausible capability: a few fields each, a tag, a small input schema; every tenth one paid. */
function capability(i: number) {
  return {
    tool: `tool_${i}`,
    name: `Service ${i}`,
    summary: `Answers question number ${i} of a large test agent.`,
    category: CATEGORIES[i % CATEGORIES.length] ?? "text",
    tags: [TAGS[i % TAGS.length] ?? "text"],
    limitations: "Test data only.",
    class: "read_only",
    input_schema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
    ...(i % 10 === 0 ? { plans: [{ type: "per_call", price_usd: 0.01 }], storage_free_accepted: true } : {}),
  };
}

function agentJson(handle: string, count: number): string {
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Large agent", purpose: "Offers very many services, for the import benchmark." },
    adapter: { endpoint: "https://mcp.example.com/large" },
    capabilities: Array.from({ length: count }, (_, i) => capability(i)),
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** Until stopped: the probe's `SELECT 1` times on the app's pool, and the most connections PostgreSQL saw at once. */
function watch(url: string) {
  const probeMs: number[] = [];
  let maxConnections = 0;
  let maxInTransaction = 0;
  let running = true;
  // The probe also waits whenever parsing a document holds the event loop; this tells the two apart.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const watcher = new pg.Client({ connectionString: url });
  const probe = (async () => {
    while (running) {
      const t = await timed(() => db.$queryRaw`SELECT 1`);
      probeMs.push(t.ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const count = (async () => {
    await watcher.connect();
    while (running) {
      const { rows } = await watcher.query<{ all: number; tx: number }>(
        `SELECT count(*)::int AS all, count(*) FILTER (WHERE xact_start IS NOT NULL)::int AS tx
         FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      maxConnections = Math.max(maxConnections, rows[0]?.all ?? 0);
      maxInTransaction = Math.max(maxInTransaction, rows[0]?.tx ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await watcher.end();
  })();
  return async () => {
    running = false;
    await Promise.all([probe, count]);
    loopDelay.disable();
    return { probe: latencies(probeMs), probeMaxMs: Math.max(...probeMs), loopDelayMaxMs: loopDelay.max / 1e6, maxConnections, maxInTransaction };
  };
}

async function main(): Promise<void> {
  const url = requireDatabaseUrl();
  const owner = await db.user.upsert({
    where: { email: "bench-large@explore.localhost" },
    create: { email: "bench-large@explore.localhost" },
    update: {},
    select: { id: true },
  });
  const errors: string[] = [];
  const check = (label: string, result: Awaited<ReturnType<typeof importAgentFile>>) => {
    if (!result.ok)
      errors.push(
        `${label}: ${result.message} ${result.errors
          .slice(0, 3)
          .map((e) => `${e.path} ${e.message}`)
          .join("; ")}`,
      );
  };

  // Warm-up: Prisma's query compiler and the first connections.
  check("warm-up", await importAgentFile({ text: agentJson(`${PREFIX}-warm`, 5), ownerId: owner.id }));

  const text = agentJson(`${PREFIX}-one`, CAPABILITIES);
  const bytes = Buffer.byteLength(text);
  console.log(
    `agent.json with ${CAPABILITIES} capabilities: ${(bytes / 1024).toFixed(0)} KB (limit ${MAX_AGENT_FILE_BYTES / 1024} KB); node ${process.version}`,
  );
  const first = await timed(() => importAgentFile({ text, ownerId: owner.id, publish: true }));
  check("first import", first.value);
  console.log(`one import, new handle                ${first.ms.toFixed(0)} ms`);
  const again = await timed(() => importAgentFile({ text, ownerId: owner.id }));
  check("re-import", again.value);
  console.log(`the same again, every capability kept ${again.ms.toFixed(0)} ms`);

  const stop = watch(url);
  const texts = Array.from({ length: AT_ONCE }, (_, i) => agentJson(`${PREFIX}-${i}`, CAPABILITIES));
  const each: number[] = [];
  const all = await timed(() =>
    Promise.all(
      texts.map(async (t, i) => {
        const r = await timed(() => importAgentFile({ text: t, ownerId: owner.id, publish: true }).catch((e: unknown) => String(e)));
        each.push(r.ms);
        if (typeof r.value === "string") errors.push(`import ${i} threw: ${r.value}`);
        else check(`import ${i}`, r.value);
      }),
    ),
  );
  const seen = await stop();
  const perImport = latencies(each);
  console.log(
    `${AT_ONCE} imports at once                      all done in ${all.ms.toFixed(0)} ms; each p50 ${perImport.p50.toFixed(0)} ms, slowest ${Math.max(...each).toFixed(0)} ms`,
  );
  console.log(
    `pool: ${POOL_SIZE} connections; imports storing at once at most ${MAX_CONCURRENT_IMPORTS}; PostgreSQL saw at most ${seen.maxConnections} connections of this process open, ${seen.maxInTransaction} busy`,
  );
  console.log(
    `a reader's SELECT 1 on the same pool meanwhile: p50 ${seen.probe.p50.toFixed(1)} ms, p95 ${seen.probe.p95.toFixed(1)} ms, max ${seen.probeMaxMs.toFixed(1)} ms (n=${seen.probe.n}); event loop held at most ${seen.loopDelayMaxMs.toFixed(0)} ms at a time`,
  );

  const stored = await db.capability.count({ where: { agent: { handle: { startsWith: `${PREFIX}-` } } } });
  const expected = (AT_ONCE + 1) * CAPABILITIES + 5;
  if (stored !== expected) errors.push(`stored ${stored} capabilities, expected ${expected}`);
  await db.agent.deleteMany({ where: { handle: { startsWith: `${PREFIX}-` } } });
  await db.$disconnect();
  if (errors.length > 0) {
    console.error(`${errors.length} errors:\n${errors.slice(0, 5).join("\n")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
