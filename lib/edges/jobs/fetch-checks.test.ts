import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { cleanUpTestRows, createTestUser, deleteTestAgents, uniqueHandle } from "@/lib/testing/fixtures";
import { solidImage, startFileServer, type FileServer } from "@/lib/testing/file-server";
import { startBoss } from "./queue";
import { LOGO_QUEUE, startFetchChecks, type FetchChecks } from "./fetch-checks";

// The logo and terms jobs end to end: an import marks them due, the loop queues them in pg-boss, the queue's
// workers fetch from a real loopback server, and a transient failure is retried by the queue itself.

let files: FileServer;
let guarded: GuardedFetch;
let boss: PgBoss;
let checks: FetchChecks;
let ownerId: string;
const imported: string[] = [];

beforeAll(async () => {
  files = await startFileServer();
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1 << 20 });
  boss = await startBoss({ connectionString: requireDatabaseUrl(), superviseIntervalSeconds: 1 });
  checks = await startFetchChecks({
    boss,
    fetch: guarded,
    allowLoopbackHttp: true,
    tuning: { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 30 },
    intervalMs: 100,
    pollingIntervalSeconds: 0.5,
  });
  ownerId = (await createTestUser()).id;
});

afterAll(async () => {
  await checks.stop();
  await boss.stop({ graceful: false, close: true });
  const agents = await db.agent.findMany({ where: { handle: { in: imported } }, select: { id: true } });
  await deleteTestAgents(agents.map((a) => a.id));
  await cleanUpTestRows();
  await guarded.close();
  await files.close();
});

function agentJson(handle: string, logo: string, terms: string): string {
  return JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Logo Test", purpose: "Has a logo and terms for the worker to check.", logo },
    adapter: { endpoint: "https://mcp.example.test/ekl" },
    terms: { url: terms, version: "1" },
    capabilities: [{ tool: "answer", name: "Answer", summary: "Answers a test question.", category: "testing.unit", limitations: "None.", class: "read_only" }],
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the worker's logo and terms jobs", () => {
  it("check what an import names, and retry a logo that was unreachable at first", async () => {
    const handle = uniqueHandle("logo");
    imported.push(handle);
    // Busy at first: the first attempt fails, the queue retries it a second later.
    files.set("/logo.png", { status: 503, contentType: "text/plain", body: "busy" });
    files.set("/terms.txt", { contentType: "text/plain", body: "Be kind." });
    const result = await importAgentFile({ text: agentJson(handle, files.url("/logo.png"), files.url("/terms.txt")), ownerId, publish: true });
    expect(result.ok).toBe(true);
    await until(async () => files.hits("/logo.png") >= 1, 10_000);
    files.set("/logo.png", { contentType: "image/png", body: await solidImage(256, 256) });

    await until(async () => (await db.agent.findUniqueOrThrow({ where: { handle }, select: { logoSha256: true } })).logoSha256 !== null, 20_000);
    await until(async () => (await db.agent.findUniqueOrThrow({ where: { handle }, select: { termsUrlSha256: true } })).termsUrlSha256 !== null, 10_000);
    const agent = await db.agent.findUniqueOrThrow({
      where: { handle },
      select: { id: true, logoCheck: { select: { status: true, nextCheckAt: true } }, termsCheck: { select: { status: true, text: true } } },
    });
    expect(agent.logoCheck).toEqual({ status: "passed", nextCheckAt: null });
    expect(agent.termsCheck).toEqual({ status: "passed", text: "Be kind." });
    expect(await db.logoImage.count({ where: { agentId: agent.id } })).toBe(3);
    expect(files.hits("/logo.png")).toBeGreaterThanOrEqual(2);
    const jobs = await boss.fetch(LOGO_QUEUE, { batchSize: 10 });
    expect(jobs).toEqual([]);
  }, 40_000);
});
