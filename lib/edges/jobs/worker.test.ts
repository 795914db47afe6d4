import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { startTestAdapters, type TestAdapters } from "@/lib/testing/sample-test-adapters";
import { SAMPLE_TEST_QUEUE, sampleTestJob, startBoss, type QueueTuning } from "./queue";
import { startWorker } from "./worker";

let adapters: TestAdapters;
let guarded: GuardedFetch;
let boss: PgBoss;
let ownerId: string;
const fastTuning: QueueTuning = { expiryMarginSeconds: 1, retryLimit: 3, retryDelaySeconds: 1 };

beforeAll(async () => {
  adapters = await startTestAdapters();
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1 << 20 });
  boss = await startBoss({ connectionString: requireDatabaseUrl() });
  ownerId = (await createTestUser()).id;
});

afterAll(async () => {
  await boss.stop({ graceful: false, close: true });
  await cleanUpTestRows();
  await closeAdapterClients();
  await guarded.close();
  await adapters.close();
});

/** `count` capabilities on one adapter, each with a passing example. */
async function servicesOn(adapter: string, count: number, maxDurationSeconds: number | null = null) {
  const agent = await createTestAgent({
    ownerId,
    extra: { endpoint: adapters.url(adapter) },
    capabilities: Array.from({ length: count }, (_, i) => ({
      capabilityId: `cap_t${i}`,
      extra: {
        tool: "answer",
        hasExample: true,
        maxDurationSeconds,
        example: { input: { n: i }, problem: null, successCriteria: null, expectedOutput: { ok: true }, origin: "publisher", helpers: [] },
      },
    })),
  });
  return agent.capabilities.map((c) => ({ capabilityId: c.id, endpoint: adapters.url(adapter), maxDurationSeconds }));
}

const recorded = (ids: string[]) => db.sampleTest.count({ where: { capabilityId: { in: ids } } });

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The guarded fetch, counting the adapter calls one worker made. */
function countingFetch(counter: { calls: number }): typeof fetch {
  return (input, init) => {
    counter.calls += 1;
    return guarded(input, init);
  };
}

describe("the sample-test worker", () => {
  it("keeps to 2 tests per adapter across two workers, while another adapter's tests run beside", async () => {
    adapters.behaviour("slow").delayMs = 1_500;
    adapters.behaviour("other").delayMs = 100;
    const slow = await servicesOn("slow", 6);
    const other = await servicesOn("other", 6);
    // The slow adapter's jobs are queued first: first-come workers would spend all their slots on them.
    await boss.insert(
      SAMPLE_TEST_QUEUE,
      [...slow, ...other].map((d) => sampleTestJob(d, fastTuning)),
    );

    // Two workers with 2 slots each: without a limit counted across them, 4 slow tests could run at once. With
    // more slots than the adapters' limits allow together, one worker could take every job it may run and the
    // other none.
    const counters = [{ calls: 0 }, { calls: 0 }];
    const workers = await Promise.all(
      counters.map((counter) =>
        startWorker({
          connectionString: requireDatabaseUrl(),
          perAdapter: 2,
          total: 2,
          fetch: countingFetch(counter),
          allowLoopbackHttp: true,
          schedule: false,
          pollMs: 500,
        }),
      ),
    );
    try {
      await until(async () => (await recorded(other.map((o) => o.capabilityId))) === 6, 15_000);
      // 6 slow tests at 2 at a time take at least 4.5 s; the other adapter's, queued behind them, were all
      // done before the slow ones (counted, not timed: a loaded machine stretches both alike).
      expect(await recorded(slow.map((s) => s.capabilityId))).toBeLessThan(6);
      await until(async () => (await recorded(slow.map((s) => s.capabilityId))) === 6, 20_000);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(adapters.stats("slow").maxRunning).toBe(2);
    expect(adapters.stats("other").maxRunning).toBe(2);
    // Both adapters' tests ran at the same time, so both workers took part (each runs at most 2).
    expect(adapters.maxRunningTotal()).toBeGreaterThanOrEqual(3);
    expect(adapters.maxRunningTotal()).toBeLessThanOrEqual(4);
    for (const counter of counters) expect(counter.calls).toBeGreaterThan(0);
  }, 60_000);

  it("retries a test whose worker was killed mid-call, and records exactly one result", async () => {
    let release: () => void = () => undefined;
    adapters.behaviour("hang").gate = new Promise<void>((resolve) => (release = resolve));
    const [job] = await servicesOn("hang", 1, 3);
    if (!job) throw new Error("no capability");
    const jobId = randomUUID();
    await boss.insert(SAMPLE_TEST_QUEUE, [{ ...sampleTestJob(job, fastTuning), id: jobId }]);

    const root = path.resolve(import.meta.dirname, "../../..");
    // Node itself with tsx's loader (not the tsx CLI, which would run the script in a grandchild SIGKILL cannot reach).
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "lib/edges/jobs/testing/worker-child.ts"], {
      cwd: root,
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      await until(async () => adapters.stats("hang").calls === 1, 20_000);
    } finally {
      child.kill("SIGKILL");
    }
    await exited;
    expect(await recorded([job.capabilityId])).toBe(0);
    adapters.behaviour("hang").gate = null;
    release();

    const worker = await startWorker({
      connectionString: requireDatabaseUrl(),
      perAdapter: 2,
      total: 5,
      fetch: guarded,
      allowLoopbackHttp: true,
      schedule: false,
      pollMs: 200,
      superviseIntervalSeconds: 1,
    });
    try {
      await until(async () => (await recorded([job.capabilityId])) === 1, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      await worker.stop();
    }
    const results = await db.sampleTest.findMany({ where: { capabilityId: job.capabilityId }, select: { jobId: true, status: true } });
    expect(results).toEqual([{ jobId, status: "passed" }]);
    expect(adapters.stats("hang").calls).toBe(2);
    const [stored] = await boss.findJobs(SAMPLE_TEST_QUEUE, { id: jobId });
    expect(stored?.retryCount).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
