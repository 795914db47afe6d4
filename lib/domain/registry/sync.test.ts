import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import type { CheckContext } from "@/lib/domain/logos/check-logo";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { startFileServer, type FileServer } from "@/lib/testing/file-server";
import { findRegistryRecord } from "./records";
import { REGISTRY_RESYNC_MS, requestSyncNow, syncRegistryRecord } from "./sync";

// The registry re-sync against a real loopback agent-info endpoint, through the guarded fetch: a good answer
// replaces the snapshot; a failed one keeps the previous snapshot and its time, and says why beside it.

let files: FileServer;
let guarded: GuardedFetch;
let ownerId: string;
let ctx: CheckContext;

const STORED = {
  protocol_version: "0.5.0",
  agent_type: "governance-assistant",
  trust_level: "registered",
  guardrails_enabled: ["no-data-egress"],
  last_synced: "2026-09-22T06:00:00Z",
  enrichment: { trust_tier: "registered", gasl_level: 1 },
};

beforeAll(async () => {
  files = await startFileServer();
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1 << 20 });
  ownerId = (await createTestUser()).id;
  ctx = { fetch: guarded, allowLoopbackHttp: true, finalAttempt: true };
});

afterAll(async () => {
  await cleanUpTestRows();
  await guarded.close();
  await files.close();
});

async function agentWithRecord(path: string) {
  const agent = await createTestAgent({ ownerId });
  // nextSyncAt null: this test runs the sync itself, no worker of another test file takes it meanwhile.
  await db.registryRecord.create({
    data: { agentId: agent.id, agentInfoUri: files.url(path), snapshot: STORED, syncedAt: new Date(STORED.last_synced), nextSyncAt: null },
  });
  return agent;
}

describe("the registry re-sync", () => {
  it("mirrors the endpoint's registry fields (nothing else) and stamps the sync", async () => {
    files.set("/good/service-info", {
      contentType: "application/json",
      body: JSON.stringify({
        name: "Consent checker",
        secret_internal_field: "not mirrored",
        protocol_version: "0.6.0",
        agent_type: "governance-assistant",
        trust_level: "controlled",
        audit_retention_days: 365,
        enrichment: { trust_tier: "controlled", gasl_level: 3 },
      }),
    });
    const agent = await agentWithRecord("/good/service-info");
    const now = new Date("2026-12-02T10:00:00Z");
    expect(await syncRegistryRecord(agent.id, { ...ctx, now })).toBe("passed");
    const record = await findRegistryRecord(agent.id);
    expect(record).toMatchObject({ syncedAt: now, lastFailure: null, lastFailedAt: null });
    expect(record?.snapshot).toEqual({
      protocol_version: "0.6.0",
      agent_type: "governance-assistant",
      trust_level: "controlled",
      audit_retention_days: 365,
      last_synced: now.toISOString(),
      enrichment: { trust_tier: "controlled", gasl_level: 3 },
    });
    const row = await db.registryRecord.findUniqueOrThrow({ where: { agentId: agent.id } });
    expect(row.nextSyncAt).toEqual(new Date(now.getTime() + REGISTRY_RESYNC_MS));
  });

  it("a failed sync keeps the previous snapshot and its time, and says why", async () => {
    const cases: [string, { status?: number; contentType: string; body: string }, string][] = [
      ["/down/service-info", { status: 503, contentType: "text/plain", body: "down" }, "answered HTTP 503"],
      ["/html/service-info", { contentType: "text/html", body: "<html>hello</html>" }, "did not answer with JSON"],
      [
        "/wrong/service-info",
        { contentType: "application/json", body: JSON.stringify({ protocol_version: "1", agent_type: "x", trust_level: "y", enrichment: { gasl_level: 9 } }) },
        "enrichment.gasl_level must be at most 4",
      ],
    ];
    for (const [path, file, why] of cases) {
      files.set(path, file);
      const agent = await agentWithRecord(path);
      const now = new Date("2026-12-03T10:00:00Z");
      expect(await syncRegistryRecord(agent.id, { ...ctx, now })).toBe("failed");
      const record = await findRegistryRecord(agent.id);
      expect(record?.snapshot).toEqual(STORED);
      expect(record?.syncedAt).toEqual(new Date(STORED.last_synced));
      expect(record?.lastFailedAt).toEqual(now);
      expect(record?.lastFailure).toContain(why);
    }
  });

  it("a transient failure with attempts left is retried, and changes nothing yet", async () => {
    files.set("/flaky/service-info", { status: 502, contentType: "text/plain", body: "bad gateway" });
    const agent = await agentWithRecord("/flaky/service-info");
    expect(await syncRegistryRecord(agent.id, { ...ctx, finalAttempt: false })).toBe("retry");
    expect(await findRegistryRecord(agent.id)).toMatchObject({ snapshot: STORED, lastFailure: null });
  });

  it("refuses a plain-http endpoint where loopback is not allowed, without fetching it", async () => {
    files.set("/plain/service-info", { contentType: "application/json", body: "{}" });
    const agent = await agentWithRecord("/plain/service-info");
    expect(await syncRegistryRecord(agent.id, { ...ctx, allowLoopbackHttp: false })).toBe("failed");
    expect(files.hits("/plain/service-info")).toBe(0);
    expect((await findRegistryRecord(agent.id))?.lastFailure).toContain("not https");
  });
});

describe("Sync now", () => {
  it("makes the owner's record due at once, at most once a minute; another publisher's handle finds nothing", async () => {
    const agent = await agentWithRecord("/now/service-info");
    const now = new Date("2026-12-04T10:00:00Z");
    expect(await requestSyncNow(ownerId, agent.handle, now)).toMatchObject({ ok: true });
    expect((await db.registryRecord.findUniqueOrThrow({ where: { agentId: agent.id } })).nextSyncAt).toEqual(now);
    expect(await requestSyncNow(ownerId, agent.handle, new Date(now.getTime() + 30_000))).toMatchObject({
      ok: false,
      message: expect.stringContaining("less than a minute ago"),
    });
    expect(await requestSyncNow(ownerId, agent.handle, new Date(now.getTime() + 61_000))).toMatchObject({ ok: true });
    const other = await createTestUser();
    expect(await requestSyncNow(other.id, agent.handle, new Date(now.getTime() + 200_000))).toMatchObject({
      ok: false,
      message: `No agent ${agent.handle} of yours was found.`,
    });
    const plain = await createTestAgent({ ownerId });
    expect(await requestSyncNow(ownerId, plain.handle, now)).toMatchObject({ ok: false, message: expect.stringContaining("has no registry record") });
  });
});

describe("the record a publish stores", () => {
  it("is stamped with the snapshot's last_synced, else with the entry's last_verified — never passed off as synced now", async () => {
    const { storeRegistryRecord } = await import("./records");
    const agent = await createTestAgent({ ownerId });
    const { last_synced: _dropped, ...unstamped } = STORED;
    const entryCore = { record: { created: "2026-01-01T00:00:00Z", updated: "2026-02-01T00:00:00Z", last_verified: "2026-03-01T00:00:00Z" } };
    await db.$transaction((tx) =>
      storeRegistryRecord(tx, agent.id, { agentInfoUri: "https://127.0.0.1:9/service-info", snapshot: unstamped, entryCore }, new Date("2026-12-01T00:00:00Z")),
    );
    const row = await db.registryRecord.findUniqueOrThrow({ where: { agentId: agent.id } });
    expect(row.syncedAt).toEqual(new Date("2026-03-01T00:00:00Z"));
    // Due for the worker at once; keep it off here (no worker of another file should read it).
    await db.registryRecord.update({ where: { agentId: agent.id }, data: { nextSyncAt: null } });
    await db.$transaction((tx) => storeRegistryRecord(tx, agent.id, { agentInfoUri: "https://127.0.0.1:9/service-info", snapshot: STORED, entryCore: null }));
    expect((await db.registryRecord.findUniqueOrThrow({ where: { agentId: agent.id } })).syncedAt).toEqual(new Date(STORED.last_synced));
    await db.registryRecord.update({ where: { agentId: agent.id }, data: { nextSyncAt: null } });
  });
});
