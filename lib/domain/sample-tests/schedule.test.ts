import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { setAgentPublished } from "@/lib/domain/agents/publishing";
import { cleanUpTestRows, createTestUser } from "@/lib/testing/fixtures";
import { recordSampleTest } from "./record";
import { findDueTests } from "./schedule";
import { importCallsForTest, nextDailyRun } from "./schedule-rules";
import { requestTestNow } from "./test-now";

const run = randomUUID().slice(0, 8);
let ownerId: string;

beforeAll(async () => {
  ownerId = (await createTestUser()).id;
});
afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { endsWith: run } } });
  await cleanUpTestRows();
});

function doc(handle: string, opts: { version?: string; endpoint?: string } = {}) {
  const capability = minimalCapability({
    version: opts.version ?? "1.0.0",
    example: { input: { area: "x" }, expected_output: { ok: true } },
  });
  return JSON.stringify(
    minimalAgentFile({
      agent: { handle, display_name: "Homes", purpose: "Finds homes." },
      adapter: { endpoint: opts.endpoint ?? "https://mcp.example.com/ekl" },
      capabilities: [capability],
    }),
  );
}

async function nextRunOf(handle: string): Promise<Date | null | undefined> {
  const c = await db.capability.findFirst({ where: { agent: { handle } }, select: { sampleTestState: { select: { nextRunAt: true } } } });
  return c?.sampleTestState === null ? undefined : c?.sampleTestState?.nextRunAt;
}

async function settle(handle: string) {
  await db.sampleTestState.updateMany({ where: { capability: { agent: { handle } } }, data: { nextRunAt: null } });
}

describe("when sample tests are due", () => {
  it("on publishing, on a new version, on a new endpoint, and not on an unchanged re-import", async () => {
    const handle = `@st-${run}`;
    await importAgentFile({ text: doc(handle), ownerId });
    expect(await nextRunOf(handle)).toBeUndefined(); // imported unpublished: not tested

    expect((await setAgentPublished({ id: ownerId }, handle, true)).ok).toBe(true);
    expect(await nextRunOf(handle)).toBeInstanceOf(Date);

    await settle(handle);
    await importAgentFile({ text: doc(handle), ownerId });
    expect(await nextRunOf(handle)).toBeNull();
    await importAgentFile({ text: doc(handle, { version: "1.1.0" }), ownerId });
    expect(await nextRunOf(handle)).toBeInstanceOf(Date);

    await settle(handle);
    await importAgentFile({ text: doc(handle, { version: "1.1.0", endpoint: "https://other.example.com/mcp" }), ownerId });
    expect(await nextRunOf(handle)).toBeInstanceOf(Date);
  });

  it("for the worker's scheduler once due, with where to call and how long the call may take", async () => {
    const handle = `@st-due-${run}`;
    await importAgentFile({ text: doc(handle), ownerId, publish: true });
    const c = await db.capability.findFirstOrThrow({ where: { agent: { handle } }, select: { id: true, maxDurationSeconds: true } });
    const at = new Date("1971-03-04T05:06:07Z");
    await db.sampleTestState.update({ where: { capabilityId: c.id }, data: { nextRunAt: at } });
    expect(await findDueTests(new Date(at.getTime() - 1), 10)).toEqual([]);
    expect(await findDueTests(at, 10)).toEqual([{ capabilityId: c.id, endpoint: "https://mcp.example.com/ekl", maxDurationSeconds: c.maxDurationSeconds }]);
  });

  it("every 24 hours, with up to an hour of jitter either way", async () => {
    const t = new Date("2030-01-01T00:00:00Z");
    expect(nextDailyRun(t, () => 0).getTime() - t.getTime()).toBe(23 * 3_600_000);
    expect(nextDailyRun(t, () => 0.5).getTime() - t.getTime()).toBe(24 * 3_600_000);
    expect(importCallsForTest(null, { version: "1", endpoint: "e", published: false })).toBe(false);

    const handle = `@st-daily-${run}`;
    await importAgentFile({ text: doc(handle), ownerId, publish: true });
    const c = await db.capability.findFirstOrThrow({ where: { agent: { handle } }, select: { id: true } });
    await settle(handle);
    await recordSampleTest({
      jobId: randomUUID(),
      capabilityId: c.id,
      capabilityVersion: "1.0.0",
      outcome: { status: "passed", startedAt: t, latencyMs: 5, failureReason: null, output: { ok: true } },
      nextRunAt: nextDailyRun(t, () => 1),
    });
    expect(await nextRunOf(handle)).toEqual(new Date(t.getTime() + 25 * 3_600_000));
  });

  it("on the publisher's Test now, at most once a minute, and only for their own services", async () => {
    const handle = `@st-now-${run}`;
    await importAgentFile({ text: doc(handle), ownerId, publish: true });
    await settle(handle);
    const t = new Date("2030-02-01T10:00:00Z");
    const stranger = await createTestUser();
    expect((await requestTestNow(stranger, handle, "cap_search_homes", t)).ok).toBe(false);
    expect(await nextRunOf(handle)).toBeNull();

    expect(await requestTestNow({ id: ownerId }, handle, "cap_search_homes", t)).toMatchObject({ ok: true });
    expect(await nextRunOf(handle)).toEqual(t);
    const again = await requestTestNow({ id: ownerId }, handle, "cap_search_homes", new Date(t.getTime() + 30_000));
    expect(again).toEqual({ ok: false, message: "A test was asked for less than a minute ago. Try again in 30 s." });
    expect((await requestTestNow({ id: ownerId }, handle, "cap_search_homes", new Date(t.getTime() + 60_000))).ok).toBe(true);
  });
});
