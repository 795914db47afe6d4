import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ExecutionStatus, SampleTestStatus } from "@/generated/prisma/enums";
import { db } from "@/lib/foundations/db/client";
import { finishedSql } from "@/lib/model/figures/success-rate";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { ageCapabilityStats } from "./capability-stats";
import { reputationOf } from "@/lib/model/figures/reputation";

afterAll(cleanUpTestRows);

const DAY_MS = 86_400_000;
const STATUSES: ExecutionStatus[] = ["running", "succeeded", "tool_error", "failed", "timed_out", "outcome_unknown", "cancelled", "payment_required"];
const TEST_STATUSES: SampleTestStatus[] = ["passed", "failed"];

const statsSchema = z.object({
  runs: z.number().int(),
  finished: z.number().int(),
  succeeded: z.number().int(),
  tests: z.number().int(),
  testsPassed: z.number().int(),
  reputation: z.number().nullable(),
});
type Stats = z.infer<typeof statsSchema>;

async function stored(capabilityId: string): Promise<Stats> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT "runs", "finished", "succeeded", "tests", "testsPassed", "reputation" FROM "CapabilityStats" WHERE "capabilityId" = ${capabilityId}`;
  return statsSchema.parse(rows[0]);
}

/** What counting the capability's events since the window's start gives: what the stored row must say. */
async function counted(capabilityId: string): Promise<Stats> {
  const rows = await db.$queryRaw<unknown[]>`
    WITH w AS (SELECT "since" FROM "CapabilityStatsWindow" WHERE "id" = 1)
    SELECT
      (SELECT count(*) FROM "Execution" e, w WHERE e."capabilityId" = ${capabilityId} AND NOT e."dryRun" AND e."startedAt" > w."since" AND e."status" <> 'running')::int AS runs,
      (SELECT count(*) FROM "Execution" e, w WHERE e."capabilityId" = ${capabilityId} AND NOT e."dryRun" AND e."startedAt" > w."since" AND ${finishedSql("e")})::int AS finished,
      (SELECT count(*) FROM "Execution" e, w WHERE e."capabilityId" = ${capabilityId} AND NOT e."dryRun" AND e."startedAt" > w."since" AND e."status" = 'succeeded')::int AS succeeded,
      (SELECT count(*) FROM "SampleTest" t, w WHERE t."capabilityId" = ${capabilityId} AND t."startedAt" > w."since")::int AS tests,
      (SELECT count(*) FROM "SampleTest" t, w WHERE t."capabilityId" = ${capabilityId} AND t."startedAt" > w."since" AND t."status" = 'passed')::int AS "testsPassed"`;
  const c = z.object({ runs: z.number(), finished: z.number(), succeeded: z.number(), tests: z.number(), testsPassed: z.number() }).parse(rows[0]);
  return { ...c, reputation: reputationOf({ testsPassed: c.testsPassed, testsTotal: c.tests, runsSucceeded: c.succeeded, runsFinished: c.finished }) };
}

async function twoCapabilities(): Promise<[string, string]> {
  const owner = await createTestUser();
  const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{}, {}] });
  const [a, b] = agent.capabilities.map((c) => c.id);
  if (!a || !b) throw new Error("two capabilities expected");
  return [a, b];
}

function expectStats(actual: Stats, expected: Stats) {
  const { reputation, ...counts } = actual;
  const { reputation: expectedReputation, ...expectedCounts } = expected;
  expect(counts).toEqual(expectedCounts);
  if (expectedReputation === null) expect(reputation).toBeNull();
  else expect(reputation).toBeCloseTo(expectedReputation, 9);
}

type Op =
  | { kind: "run"; target: 0 | 1; status: ExecutionStatus; dryRun: boolean; minutesAgo: number }
  | { kind: "finish"; pick: number; status: ExecutionStatus }
  | { kind: "move"; pick: number }
  | { kind: "deleteRun"; pick: number }
  | { kind: "test"; target: 0 | 1; status: SampleTestStatus; minutesAgo: number }
  | { kind: "flipTest"; pick: number }
  | { kind: "deleteTest"; pick: number };

// Around the window's edge (30 days, in minutes) as often as well inside it, and now and then in the future.
const minutesAgo = fc.oneof(fc.integer({ min: -60, max: 60 * 24 * 29 }), fc.integer({ min: 60 * 24 * 30 - 5, max: 60 * 24 * 30 + 5 }));
const target = fc.constantFrom<0 | 1>(0, 1);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("run" as const), target, status: fc.constantFrom(...STATUSES), dryRun: fc.boolean(), minutesAgo }),
  fc.record({ kind: fc.constant("finish" as const), pick: fc.nat(), status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant("move" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("deleteRun" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("test" as const), target, status: fc.constantFrom(...TEST_STATUSES), minutesAgo }),
  fc.record({ kind: fc.constant("flipTest" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("deleteTest" as const), pick: fc.nat() }),
);

describe("a capability's stored 30-day statistics", () => {
  it("equal counting its runs and tests after any sequence of writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const caps = await twoCapabilities();
        const runs: string[] = [];
        const tests: string[] = [];
        const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
        for (const op of ops) {
          const run = runs[op.kind === "run" || op.kind === "test" ? 0 : op.pick % Math.max(1, runs.length)];
          const test = tests[op.kind === "run" || op.kind === "test" ? 0 : op.pick % Math.max(1, tests.length)];
          switch (op.kind) {
            case "run": {
              const row = await db.execution.create({
                data: { capabilityId: caps[op.target], status: op.status, dryRun: op.dryRun, startedAt: at(op.minutesAgo), argumentsSha256: "0".repeat(64) },
              });
              runs.push(row.id);
              break;
            }
            case "finish":
              if (run) await db.execution.update({ where: { id: run }, data: { status: op.status } });
              break;
            case "move":
              // Moved to the other service, as a test may; a deleted service's runs are set to NULL the same way.
              if (run) await db.execution.update({ where: { id: run }, data: { capabilityId: op.pick % 3 === 0 ? null : caps[op.pick % 2] } });
              break;
            case "deleteRun":
              if (run) await db.execution.delete({ where: { id: run } });
              if (run) runs.splice(runs.indexOf(run), 1);
              break;
            case "test": {
              const row = await db.sampleTest.create({
                data: { capabilityId: caps[op.target], capabilityVersion: "1", status: op.status, startedAt: at(op.minutesAgo), jobId: randomUUID() },
              });
              tests.push(row.id);
              break;
            }
            case "flipTest":
              if (test) {
                const { status } = await db.sampleTest.findUniqueOrThrow({ where: { id: test }, select: { status: true } });
                await db.sampleTest.update({ where: { id: test }, data: { status: status === "passed" ? "failed" : "passed" } });
              }
              break;
            case "deleteTest":
              if (test) await db.sampleTest.delete({ where: { id: test } });
              if (test) tests.splice(tests.indexOf(test), 1);
              break;
          }
        }
        for (const cap of caps) expectStats(await stored(cap), await counted(cap));
      }),
      { numRuns: 12 },
    );
  });

  it("lose what leaves the window when the worker moves it, and only that", async () => {
    const [cap] = await twoCapabilities();
    const start = Date.now();
    // Two runs and a test that will leave the window 2 s after the test started, and a run well inside it.
    const edge = new Date(start - 30 * DAY_MS + 1_000);
    await db.execution.createMany({
      data: [
        { capabilityId: cap, status: "succeeded", startedAt: edge, argumentsSha256: "0".repeat(64) },
        { capabilityId: cap, status: "failed", startedAt: edge, argumentsSha256: "0".repeat(64) },
        { capabilityId: cap, status: "succeeded", startedAt: new Date(start - DAY_MS), argumentsSha256: "0".repeat(64) },
      ],
    });
    await db.sampleTest.create({ data: { capabilityId: cap, capabilityVersion: "1", status: "failed", startedAt: edge, jobId: randomUUID() } });
    expectStats(await stored(cap), { runs: 3, finished: 3, succeeded: 2, tests: 1, testsPassed: 0, reputation: (0 + 2 / 3) / 2 });

    await ageCapabilityStats(new Date(start + 2_000));
    expectStats(await stored(cap), { runs: 1, finished: 1, succeeded: 1, tests: 0, testsPassed: 0, reputation: 1 });
    expectStats(await stored(cap), await counted(cap));
    // A window never moves back, and an event from before it counts for nothing.
    await ageCapabilityStats(new Date(start - DAY_MS));
    await db.execution.create({ data: { capabilityId: cap, status: "succeeded", startedAt: edge, argumentsSha256: "0".repeat(64) } });
    expectStats(await stored(cap), { runs: 1, finished: 1, succeeded: 1, tests: 0, testsPassed: 0, reputation: 1 });
  });

  it("stay exact while runs are written during the window's move", async () => {
    const [cap] = await twoCapabilities();
    const edge = Date.now() - 30 * DAY_MS + 1_500;
    // Runs either side of the new edge, written while the window moves past half of them.
    const writes = Array.from({ length: 40 }, (_, i) =>
      db.execution.create({
        data: {
          capabilityId: cap,
          status: i % 3 === 0 ? "failed" : "succeeded",
          startedAt: new Date(edge + (i % 2 === 0 ? -1_000 : 60_000)),
          argumentsSha256: "0".repeat(64),
        },
      }),
    );
    await Promise.all([...writes, ageCapabilityStats(new Date(Date.now() + 2_000))]);
    expectStats(await stored(cap), await counted(cap));
    expect((await stored(cap)).runs).toBeGreaterThanOrEqual(20);
  });

  it("give up moving the window after a second while a long write holds the lock, and the write goes on", async () => {
    const [cap] = await twoCapabilities();
    let locked: () => void = () => undefined;
    let release: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const writer = db.$transaction(
      async (tx) => {
        await tx.execution.create({ data: { capabilityId: cap, status: "succeeded", argumentsSha256: "0".repeat(64) } });
        locked();
        await released;
      },
      { timeout: 10_000 },
    );
    await holding;
    await expect(ageCapabilityStats(new Date(Date.now() + 1_000))).rejects.toThrow(/lock timeout/);
    release();
    await writer;
    expect((await stored(cap)).runs).toBe(1);
  });

  it("carry their capability's date and order, the sorts' ties, as they change", async () => {
    const [cap] = await twoCapabilities();
    const ties = () => db.capabilityStats.findUniqueOrThrow({ where: { capabilityId: cap }, select: { createdAt: true, position: true } });
    const own = await db.capability.findUniqueOrThrow({ where: { id: cap }, select: { createdAt: true, position: true } });
    expect(await ties()).toEqual(own);
    const moved = { createdAt: new Date(own.createdAt.getTime() - DAY_MS), position: own.position + 7 };
    await db.capability.update({ where: { id: cap }, data: moved });
    expect(await ties()).toEqual(moved);
  });
});
