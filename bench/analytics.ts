// The analytics page of a large agent: one publisher's agent with 1,000 services (imported through
// importAgentFile, as the dashboard does) and 100,000 execution records spread over the last 30 days (planted in
// SQL, as bench/generate-listings.ts plants runs: skewed towards a few popular services, every outcome, durations
// from 20 ms to 4 s), plus a sample test a day for a tenth of the services. Measured:
//   1. the aggregation alone (findAgentAnalytics: the page's queries; findAnalyticsCsvRows: the CSV's), in process;
//   2. the page and the CSV signed in (a real database session) through the production server (deploy/web.sh).
// Target (issue #13): the page in p95 ≤ 200 ms. The planted runs go through the rollup's trigger on Execution
// (migration 20261203110000_execution_daily_rollup) like any other insert, so the page reads the rollup.
//
//   npm run build      # once: part 2 serves the production build
//   npx tsx scripts/with-db.ts tsx --conditions=react-server bench/analytics.ts [--runs 100] [--port 3420] [--no-server]
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import type { ChildProcess } from "node:child_process";
import { importAgentFile } from "../lib/domain/publishing/import-agent";
import { findAgentAnalytics, findAnalyticsCsvRows } from "../lib/domain/analytics/queries";
import { db } from "../lib/foundations/db/client";
import { requireDatabaseUrl } from "../lib/foundations/env";
import { latencies } from "./latency";
import { startServer, stopServer } from "./server";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "100" },
    port: { type: "string", default: "3420" },
    services: { type: "string", default: "1000" },
    executions: { type: "string", default: "100000" },
    "no-server": { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const WARMUP = 10;
const SERVICES = Number(values.services);
const EXECUTIONS = Number(values.executions);
const HANDLE = "@bench-analytics";

function summary(label: string, samples: number[]): void {
  const s = latencies(samples);
  console.log(`${label.padEnd(44)} p50 ${s.p50.toFixed(1).padStart(6)} ms   p95 ${s.p95.toFixed(1).padStart(6)} ms   (n=${s.n})`);
}

async function timeEach(runs: number, work: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i += 1) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

function agentJson(count: number): string {
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle: HANDLE, display_name: "Analytics bench", purpose: "Offers very many services, for the analytics benchmark." },
    adapter: { endpoint: "https://mcp.example.com/analytics" },
    capabilities: Array.from({ length: count }, (_, i) => ({
      tool: `tool_${i}`,
      name: `Service ${i}`,
      summary: `Answers question number ${i} of the analytics bench agent.`,
      category: "text.summarization",
      limitations: "Test data only.",
      class: "read_only",
      input_schema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
    })),
  });
}

/** Plants runs number `from`…`to` (see seed). */
async function plantRuns(from: number, to: number): Promise<void> {
  await db.$executeRawUnsafe(`
    WITH caps AS (
      SELECT c."id", (row_number() OVER (ORDER BY c."position") - 1)::int AS k FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId" WHERE a."handle" = '${HANDLE}'
    ), draws AS (
      SELECT i, floor(${SERVICES} * power(random(), 3))::int AS k, random() AS s, random() AS d, random() AS t FROM generate_series(${from}, ${to}) i
    )
    INSERT INTO "Execution" ("id", "capabilityId", "status", "startedAt", "finishedAt", "durationMs", "argumentsSha256", "resultSha256")
    SELECT gen_random_uuid(), caps."id", x.status::"ExecutionStatus", x.started,
           CASE WHEN x.status = 'running' THEN NULL ELSE x.started + make_interval(secs => x.ms / 1000.0) END,
           CASE WHEN x.status = 'running' THEN NULL ELSE x.ms END, md5(draws.i::text), md5(draws.i::text || 'r')
    FROM draws
    JOIN caps ON caps.k = draws.k
    -- The window the page shows: 30 UTC days, today included (the column holds UTC times).
    CROSS JOIN (SELECT now() AT TIME ZONE 'UTC' AS now, date_trunc('day', now() AT TIME ZONE 'UTC') - interval '29 days' AS first) w
    CROSS JOIN LATERAL (SELECT
      CASE WHEN draws.s < 0.85 THEN 'succeeded' WHEN draws.s < 0.90 THEN 'tool_error' WHEN draws.s < 0.93 THEN 'failed'
           WHEN draws.s < 0.95 THEN 'timed_out' WHEN draws.s < 0.97 THEN 'payment_required' WHEN draws.s < 0.98 THEN 'cancelled'
           WHEN draws.s < 0.995 THEN 'outcome_unknown' ELSE 'running' END AS status,
      w.first + draws.t * (w.now - w.first) AS started,
      round(20 * power(200, draws.d))::int AS ms) x`);
}

export async function seed(): Promise<{ ownerId: string; sessionToken: string; busiest: string }> {
  const owner = await db.user.upsert({
    where: { email: "bench-analytics@explore.localhost" },
    create: { email: "bench-analytics@explore.localhost" },
    update: {},
    select: { id: true },
  });
  let t = performance.now();
  const imported = await importAgentFile({ text: agentJson(SERVICES), ownerId: owner.id, publish: true });
  if (!imported.ok) throw new Error(imported.message);
  console.log(`  imported ${SERVICES} services in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  // Service k is drawn as floor(N·u³) (a few popular services, a long tail); start times uniform over 30 days;
  // 85 % succeeded, the rest spread over every other outcome; durations log-uniform, 20 ms – 4 s.
  // In batches: each run goes through the rollup's trigger, and one statement updating the same rollup row
  // thousands of times is slow (every update of a row in one transaction leaves a version the next must pass).
  const BATCH = 1_000;
  for (let from = 1; from <= EXECUTIONS; from += BATCH) {
    await plantRuns(from, Math.min(EXECUTIONS, from + BATCH - 1));
  }
  await db.$executeRawUnsafe(`
    INSERT INTO "SampleTest" ("id", "capabilityId", "capabilityVersion", "status", "startedAt", "latencyMs", "jobId")
    SELECT gen_random_uuid()::text, c."id", '1.0.0', CASE WHEN random() < 0.9 THEN 'passed'::"SampleTestStatus" ELSE 'failed'::"SampleTestStatus" END,
           date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => d), 100, gen_random_uuid()::text
    FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId", generate_series(0, 29) d
    WHERE a."handle" = '${HANDLE}' AND c."position" % 10 = 0`);
  await db.$executeRawUnsafe(`VACUUM ANALYZE "Execution"`);
  await db.$executeRawUnsafe(`VACUUM ANALYZE "SampleTest"`);
  await db.$executeRawUnsafe(`VACUUM ANALYZE "ExecutionDaily", "AgentExecutionDaily"`);
  console.log(
    `  planted ${EXECUTIONS.toLocaleString("en")} executions and ${(SERVICES / 10) * 30} sample tests in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  const sessionToken = randomUUID();
  await db.session.create({ data: { sessionToken, userId: owner.id, expires: new Date(Date.now() + 86_400_000) } });
  const [top] = await db.$queryRawUnsafe<{ capabilityId: string }[]>(
    `SELECT c."capabilityId" FROM "Execution" e JOIN "Capability" c ON c."id" = e."capabilityId" JOIN "Agent" a ON a."id" = c."agentId" WHERE a."handle" = '${HANDLE}' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  if (!top) throw new Error("no runs were planted");
  return { ownerId: owner.id, sessionToken, busiest: top.capabilityId };
}

async function main(): Promise<void> {
  console.log(`== analytics: ${SERVICES.toLocaleString("en")} services, ${EXECUTIONS.toLocaleString("en")} executions over 30 days, node ${process.version}`);
  const { ownerId, sessionToken, busiest } = await seed();
  const check = (a: Awaited<ReturnType<typeof findAgentAnalytics>>) => {
    if (!a || a.days.length !== 30) throw new Error("the analytics came back incomplete");
  };
  const first = await findAgentAnalytics(ownerId, HANDLE, null);
  check(first);
  console.log(
    `  counted ${first?.total.runs.toLocaleString("en")} runs; the busiest service ${busiest} has ${(await findAgentAnalytics(ownerId, HANDLE, busiest))?.total.runs.toLocaleString("en")}`,
  );

  summary("aggregation, all services (page queries)", await timeEach(RUNS, async () => check(await findAgentAnalytics(ownerId, HANDLE, null))));
  summary("aggregation, the busiest service", await timeEach(RUNS, async () => check(await findAgentAnalytics(ownerId, HANDLE, busiest))));
  summary("aggregation, CSV rows (30 × 1,000)", await timeEach(Math.max(10, RUNS / 5), async () => void (await findAnalyticsCsvRows(ownerId, HANDLE, null))));

  if (values["no-server"]) return;
  const port = Number(values.port);
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  try {
    server = await startServer(requireDatabaseUrl(), { port });
    const headers = { cookie: `authjs.session-token=${sessionToken}` };
    const get = (path: string, expect: string) => async () => {
      const response = await fetch(`${origin}${path}`, { headers, redirect: "manual" });
      const body = await response.text();
      if (response.status !== 200 || !body.includes(expect)) throw new Error(`${path}: ${response.status}`);
    };
    summary("page signed in, all services", await timeEach(RUNS, get(`/dashboard/agents/${HANDLE}/analytics`, "Runs per day")));
    summary("page signed in, the busiest service", await timeEach(RUNS, get(`/dashboard/agents/${HANDLE}/analytics?service=${busiest}`, "Runs per day")));
    summary("CSV signed in, all services", await timeEach(Math.max(10, RUNS / 5), get(`/dashboard/agents/${HANDLE}/analytics.csv`, "date_utc")));
  } finally {
    if (server) await stopServer(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => db.$disconnect());
}
