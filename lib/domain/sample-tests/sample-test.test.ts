import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { sampleTestedSql } from "@/lib/model/figures/sample-tested";
import { sampleTestLabel } from "@/lib/model/figures/sample-test-label";
import { findOwnedSampleTests, findSampleTestSummary } from "./queries";
import { markAgentDue } from "./schedule";
import { runSampleTestJob } from "./test-job";
import { startTestAdapters, type TestAdapters } from "@/lib/testing/sample-test-adapters";

let adapters: TestAdapters;
let guarded: GuardedFetch;
let ownerId: string;

beforeAll(async () => {
  adapters = await startTestAdapters();
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1 << 20 });
  ownerId = (await createTestUser()).id;
});

afterAll(async () => {
  await cleanUpTestRows();
  await closeAdapterClients();
  await guarded.close();
  await adapters.close();
});

const example = (expectedOutput: Record<string, Prisma.InputJsonValue> | null, input: Record<string, Prisma.InputJsonValue> = { n: 1 }) => ({
  input,
  problem: null,
  successCriteria: null,
  expectedOutput,
  origin: "publisher",
  helpers: [],
});

async function serviceOn(adapter: string, extra: Partial<Prisma.CapabilityCreateWithoutAgentInput> = {}) {
  const agent = await createTestAgent({
    ownerId,
    extra: { endpoint: adapters.url(adapter) },
    capabilities: [{ extra: { tool: "answer", hasExample: true, example: example({ total: 42 }), ...extra } }],
  });
  const capability = agent.capabilities[0];
  if (!capability) throw new Error("fixture has no capability");
  return { handle: agent.handle, id: capability.id, capabilityId: capability.capabilityId };
}

const run = (id: string, now?: () => Date) => runSampleTestJob(randomUUID(), id, { fetch: guarded, now });

describe("a sample test", () => {
  it("earns the label when the example passes, and loses it when the adapter's answer changes", async () => {
    adapters.behaviour("changing").answer = { total: 42, extra: "more keys are fine" };
    const s = await serviceOn("changing");
    expect(await run(s.id)).toBe("recorded");
    const passed = await findSampleTestSummary(null, s.handle, s.capabilityId);
    expect(passed?.label).toMatchObject({ kind: "tested", passed30: 1, total30: 1 });
    expect(passed?.latest?.output).toEqual({ total: 42, extra: "more keys are fine" });
    expect(passed?.expectedOutput).toEqual({ total: 42 });

    adapters.behaviour("changing").answer = { total: 41 };
    expect(await run(s.id)).toBe("recorded");
    const failing = await findSampleTestSummary(null, s.handle, s.capabilityId);
    expect(failing?.label).toMatchObject({ kind: "failing" });
    expect(failing?.latest?.failureReason).toBe("The output does not contain the expected output: /total is 41 where 42 was expected.");
  });

  it("is flagged as a validation call in _meta, with the capability ID and a fresh execution ID", async () => {
    const s = await serviceOn("meta");
    await run(s.id);
    const meta = adapters.stats("meta").lastMeta;
    expect(meta).toMatchObject({ "io.explore/validation": true, "io.explore/capability_id": s.capabilityId });
    expect(meta).toHaveProperty("io.explore/execution_id", expect.stringMatching(/^[0-9a-f-]{36}$/));
  });

  it("fails on a declared output schema the answer does not satisfy", async () => {
    adapters.behaviour("schema").answer = { total: "42" };
    const s = await serviceOn("schema", {
      example: example(null),
      outputSchema: { type: "object", properties: { total: { type: "number" } }, required: ["total"] },
    });
    await run(s.id);
    const summary = await findSampleTestSummary(null, s.handle, s.capabilityId);
    expect(summary?.label.kind).toBe("failing");
    expect(summary?.latest?.failureReason).toMatch(/^The output does not match the output schema: \/total must be number/);
  });

  it("is stale after 7 days: the label goes by itself (the clock is injected)", async () => {
    adapters.behaviour("stale").answer = { total: 42 };
    const s = await serviceOn("stale");
    const then = new Date("2030-01-01T00:00:00Z");
    await run(s.id, () => then);
    const at = (days: number) => new Date(then.getTime() + days * 86_400_000);
    expect((await findSampleTestSummary(null, s.handle, s.capabilityId, at(6.9)))?.label.kind).toBe("tested");
    expect((await findSampleTestSummary(null, s.handle, s.capabilityId, at(7)))?.label.kind).toBe("none");
  });

  it("tests an external action only through its dry run, and one without a dry run never", async () => {
    const effects = { idempotencyArgument: null, outcomeLookup: null, escalate: false, dryRunArgument: "dry_run" };
    adapters.behaviour("dry").answer = { total: 42 };
    const dry = await serviceOn("dry", { class: "external_action", effects, example: example({ total: 42 }, { n: 1, dry_run: false }) });
    expect(await run(dry.id)).toBe("recorded");
    expect(adapters.stats("dry").lastArguments).toEqual({ n: 1, dry_run: true });

    const none = await serviceOn("no-dry", { class: "external_action", effects: { ...effects, dryRunArgument: null } });
    await markAgentDue(none.handle);
    expect(await db.sampleTestState.count({ where: { capabilityId: none.id } })).toBe(0);
    expect(await run(none.id)).toBe("skipped");
    expect(adapters.stats("no-dry").calls).toBe(0);
    expect((await findSampleTestSummary(null, none.handle, none.capabilityId))?.label).toEqual({ kind: "not_testable", reason: "no_dry_run" });
  });

  it("records nothing twice for one job", async () => {
    adapters.behaviour("twice").answer = { total: 42 };
    const s = await serviceOn("twice");
    const jobId = randomUUID();
    expect(await runSampleTestJob(jobId, s.id, { fetch: guarded })).toBe("recorded");
    expect(await runSampleTestJob(jobId, s.id, { fetch: guarded })).toBe("duplicate");
    expect(await db.sampleTest.count({ where: { capabilityId: s.id } })).toBe(1);
    expect(adapters.stats("twice").calls).toBe(1);
  });
});

/**
 * Records up to `count` tests one after another (started 1 ms apart from `start`) while a test's reads run, so
 * that commits fall between a read's statements; the function returned stops it and waits for the last one.
 */
function recordTests(capabilityId: string, start: number, count: number, statusOf: (i: number) => "passed" | "failed"): () => Promise<void> {
  let recording = true;
  const recorder = (async () => {
    for (let i = 0; recording && i < count; i += 1) {
      await db.sampleTest.create({
        data: { capabilityId, capabilityVersion: "1.0.0", jobId: randomUUID(), status: statusOf(i), startedAt: new Date(start + i) },
      });
    }
  })();
  return async () => {
    recording = false;
    await recorder;
  };
}

describe("the public label", () => {
  it("agrees with the latest output shown beside it while tests are being recorded", async () => {
    const s = await serviceOn("as-of-latest");
    const start = Date.now() - 60_000;
    // Passed and failed in turn, so a label computed past the latest test shown would contradict it.
    const stop = recordTests(s.id, start, 60, (i) => (i % 2 === 0 ? "passed" : "failed"));
    for (let round = 0; round < 60; round += 1) {
      const summaries = await Promise.all([0, 1, 2, 3].map(() => findSampleTestSummary(null, s.handle, s.capabilityId)));
      for (const summary of summaries) {
        const latest = summary?.latest;
        if (!latest) {
          expect(summary?.label, `round ${round}`).toEqual({ kind: "none" });
          continue;
        }
        const shown = latest.startedAt.getTime() - start + 1;
        if (latest.status === "failed")
          expect(summary.label, `round ${round}`).toMatchObject({ kind: "failing", lastPassAt: new Date(latest.startedAt.getTime() - 1) });
        else expect(summary.label, `round ${round}`).toEqual({ kind: "tested", lastPassAt: latest.startedAt, passed30: Math.ceil(shown / 2), total30: shown });
      }
    }
    await stop();
  });
});

describe("the publisher's view of a service's tests", () => {
  it("reads one snapshot: tests recorded while the page reads are in the label, the latest output and the history alike, or in none", async () => {
    const s = await serviceOn("snapshot");
    const start = Date.now() - 60_000;
    // At most 29: the history shows the last 30, and every test must be in it for the equality below.
    const stop = recordTests(s.id, start, 29, () => "passed");
    for (let round = 0; round < 40; round += 1) {
      const views = await Promise.all([0, 1, 2].map(() => findOwnedSampleTests({ id: ownerId }, s.handle, s.capabilityId)));
      for (const view of views) {
        const total = view?.label.kind === "tested" ? view.label.total30 : 0;
        expect(view?.history.length, `round ${round}`).toBe(total);
        expect(view?.latest?.startedAt, `round ${round}`).toEqual(view?.history[0]?.startedAt);
      }
    }
    await stop();
  });
});

describe("the label's rule and the search filter's SQL (lib/model/figures/sample-tested.ts)", () => {
  it("agree on random histories", async () => {
    const s = await serviceOn("random");
    const now = new Date("2030-03-01T00:00:00Z");
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 40; round += 1) {
      await db.sampleTest.deleteMany({ where: { capabilityId: s.id } });
      const count = Math.floor(random() * 5);
      // Distinct start times, up to 10 days back (the 7-day edge is in range).
      const tests = Array.from({ length: count }, (_, i) => ({
        status: random() < 0.6 ? ("passed" as const) : ("failed" as const),
        startedAt: new Date(now.getTime() - Math.floor(random() * 10 * 86_400_000) - i),
      }));
      await db.sampleTest.createMany({
        data: tests.map((t) => ({ ...t, capabilityId: s.id, capabilityVersion: "1.0.0", jobId: randomUUID() })),
      });
      const rows = await db.$queryRaw<{ tested: boolean }[]>`SELECT ${sampleTestedSql(now)} AS tested FROM "Capability" c WHERE c."id" = ${s.id}`;
      const pure = sampleTestLabel({ testable: true }, tests, now).kind === "tested";
      expect(rows[0]?.tested, JSON.stringify(tests)).toBe(pure);
    }
  });
});
