import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { requestSyncNow } from "@/lib/domain/registry/sync";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { startFileServer, type FileServer } from "@/lib/testing/file-server";
import { startBoss } from "./queue";
import { startFetchChecks } from "./fetch-checks";

// The registry re-sync end to end: "Sync now" makes a record due, the loop queues it in pg-boss, the queue's
// worker reads a real loopback agent-info endpoint, and a transient failure is retried by the queue itself.

let files: FileServer;
let guarded: GuardedFetch;
let boss: PgBoss;
let sync: { stop(): Promise<void> };
let ownerId: string;

beforeAll(async () => {
  files = await startFileServer();
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1 << 20 });
  boss = await startBoss({ connectionString: requireDatabaseUrl(), superviseIntervalSeconds: 1 });
  sync = await startFetchChecks({
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
  await sync.stop();
  await boss.stop({ graceful: false, close: true });
  await cleanUpTestRows();
  await guarded.close();
  await files.close();
});

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the worker's registry re-sync", () => {
  it("runs on Sync now and retries an endpoint that was busy at first", async () => {
    const agent = await createTestAgent({ ownerId });
    const oldSynced = new Date("2020-01-01T00:00:00Z");
    const old = { protocol_version: "0.5.0", agent_type: "a", trust_level: "registered", enrichment: { gasl_level: 1 } };
    await db.registryRecord.create({
      data: { agentId: agent.id, agentInfoUri: files.url("/svc/service-info"), snapshot: old, syncedAt: oldSynced, nextSyncAt: null },
    });
    files.set("/svc/service-info", { status: 503, contentType: "text/plain", body: "busy" });
    expect((await requestSyncNow(ownerId, agent.handle)).ok).toBe(true);
    await until(async () => files.hits("/svc/service-info") >= 1, 5_000);
    files.set("/svc/service-info", {
      contentType: "application/json",
      body: JSON.stringify({ ...old, trust_level: "clinical", enrichment: { gasl_level: 2 } }),
    });
    await until(async () => (await db.registryRecord.findUniqueOrThrow({ where: { agentId: agent.id } })).syncedAt.getTime() > oldSynced.getTime(), 15_000);
    const record = await db.registryRecord.findUniqueOrThrow({ where: { agentId: agent.id } });
    expect(record.snapshot).toMatchObject({ trust_level: "clinical", enrichment: { gasl_level: 2 } });
    expect(record.lastFailure).toBeNull();
    // The first, busy answer was retried by the queue, not recorded as a failure.
    expect(files.hits("/svc/service-info")).toBeGreaterThanOrEqual(2);
    // Next sync: a day later.
    expect(record.nextSyncAt?.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });
});
