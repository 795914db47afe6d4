import { afterAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { isUnreachable, reputationOf, reputationSql, statsJoinSql, unreachableSql } from "./reputation";
import { sampleTestedSql, SAMPLE_TEST_FRESH_DAYS } from "@/lib/model/figures/sample-tested";
import { sampleTestLabel } from "@/lib/model/figures/sample-test-label";
import { listingsAs } from "@/lib/model/catalog/views";
import { FINISHED_STATUSES } from "@/lib/model/figures/success-rate";

// The SQL condition must say "sample-tested" exactly when the page's label does.
const labelled = (hasExample: boolean, tests: { status: "passed" | "failed"; startedAt: Date }[], now: Date) =>
  sampleTestLabel(hasExample ? { testable: true } : { testable: false, reason: "no_example" }, tests, now).kind === "tested";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";

afterAll(cleanUpTestRows);

// The 30-day counts are kept against the real clock (CapabilityStats' window), so the tests' days are counted back from now.
const NOW = new Date();
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 24 * 60 * 60 * 1000);

async function testsFor(capabilityId: string, tests: { status: "passed" | "failed"; days: number }[]) {
  for (const [i, t] of tests.entries()) {
    await db.sampleTest.create({
      data: { capabilityId, capabilityVersion: "1.0.0", status: t.status, startedAt: daysAgo(t.days), jobId: `${capabilityId}-${i}` },
    });
  }
}

async function sqlFacts(id: string) {
  const rows = await db.$queryRaw<{ tested: boolean; reputation: number | null; unreachable: boolean }[]>(Prisma.sql`
    SELECT ${sampleTestedSql(NOW)} AS tested, ${reputationSql} AS reputation, ${unreachableSql(NOW)} AS unreachable
    FROM ${listingsAs("c")} ${statsJoinSql} WHERE c."id" = ${id}`);
  return rows[0];
}

describe("sample-tested, reputation and reachability", () => {
  it("agree between SQL and memory", async () => {
    const owner = await createTestUser();
    const cases: {
      name: string;
      hasExample: boolean;
      tests: { status: "passed" | "failed"; days: number }[];
      runs: ("succeeded" | "failed" | "running" | "cancelled" | "payment_required")[];
    }[] = [
      {
        name: "fresh pass",
        hasExample: true,
        tests: [
          { status: "failed", days: 5 },
          { status: "passed", days: 1 },
        ],
        runs: [],
      },
      {
        name: "latest failed",
        hasExample: true,
        tests: [
          { status: "passed", days: 2 },
          { status: "failed", days: 1 },
        ],
        runs: ["succeeded"],
      },
      { name: "stale pass", hasExample: true, tests: [{ status: "passed", days: SAMPLE_TEST_FRESH_DAYS + 1 }], runs: ["succeeded", "failed", "running"] },
      // Cancelled and payment-required runs never reached the end of the tool's work: not finished, not failures.
      { name: "runs only", hasExample: true, tests: [], runs: ["succeeded", "cancelled", "payment_required", "failed"] },
      { name: "no example", hasExample: false, tests: [{ status: "passed", days: 1 }], runs: [] },
      { name: "nothing", hasExample: true, tests: [], runs: [] },
      {
        name: "failing for days",
        hasExample: true,
        tests: [
          { status: "failed", days: 2 },
          { status: "failed", days: 1 },
        ],
        runs: [],
      },
    ];
    const agent = await createTestAgent({
      ownerId: owner.id,
      capabilities: cases.map((c, i) => ({ capabilityId: `cap_h${i}`, name: c.name, extra: { hasExample: c.hasExample } })),
    });
    for (const [i, c] of cases.entries()) {
      const row = agent.capabilities[i];
      if (!row) throw new Error("fixture mismatch");
      await testsFor(row.id, c.tests);
      for (const status of c.runs) {
        await db.execution.create({ data: { capabilityId: row.id, status, startedAt: daysAgo(1), argumentsSha256: "x" } });
      }
      const expected = {
        tested: labelled(
          c.hasExample,
          c.tests.map((t) => ({ status: t.status, startedAt: daysAgo(t.days) })),
          NOW,
        ),
        reputation: reputationOf({
          testsPassed: c.tests.filter((t) => t.status === "passed" && t.days < 30).length,
          testsTotal: c.tests.filter((t) => t.days < 30).length,
          runsSucceeded: c.runs.filter((r) => r === "succeeded").length,
          runsFinished: c.runs.filter((r) => (FINISHED_STATUSES as readonly string[]).includes(r)).length,
        }),
        unreachable: isUnreachable({
          endpointPending: false,
          recentTests: c.tests.filter((t) => t.days < 3).length,
          recentTestsPassed: c.tests.filter((t) => t.days < 3 && t.status === "passed").length,
        }),
      };
      const facts = await sqlFacts(row.id);
      expect(facts?.tested, `${c.name} tested`).toBe(expected.tested);
      expect(facts?.unreachable, `${c.name} unreachable`).toBe(expected.unreachable);
      if (expected.reputation === null) expect(facts?.reputation, c.name).toBeNull();
      else expect(facts?.reputation, c.name).toBeCloseTo(expected.reputation, 6);
    }
    // Spot-check the rules themselves.
    expect(labelled(true, [{ status: "passed", startedAt: daysAgo(1) }], NOW)).toBe(true);
    expect(labelled(true, [{ status: "passed", startedAt: daysAgo(SAMPLE_TEST_FRESH_DAYS) }], NOW)).toBe(false);
    expect(reputationOf({ testsPassed: 1, testsTotal: 2, runsSucceeded: 1, runsFinished: 1 })).toBe(0.75);
    expect(reputationOf({ testsPassed: 0, testsTotal: 0, runsSucceeded: 0, runsFinished: 0 })).toBeNull();
    expect(isUnreachable({ endpointPending: true, recentTests: 0, recentTestsPassed: 0 })).toBe(true);
  });

  it("follow the tests as they are recorded, changed and deleted (the trigger on SampleTest)", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{ capabilityId: "cap_moving", extra: { hasExample: true } }] });
    const id = agent.capabilities[0]?.id;
    if (!id) throw new Error("fixture mismatch");
    await testsFor(id, [
      { status: "passed", days: 2 },
      { status: "failed", days: 1 },
    ]);
    expect(await sqlFacts(id)).toMatchObject({ tested: false, unreachable: false });
    // The pass deleted: a recent test and no recent pass.
    await db.sampleTest.deleteMany({ where: { capabilityId: id, status: "passed" } });
    expect(await sqlFacts(id)).toMatchObject({ tested: false, unreachable: true });
    // The latest test now passed: sample-tested and reachable again.
    await db.sampleTest.updateMany({ where: { capabilityId: id }, data: { status: "passed" } });
    expect(await sqlFacts(id)).toMatchObject({ tested: true, unreachable: false });
    await db.sampleTest.deleteMany({ where: { capabilityId: id } });
    expect(await db.capability.findUniqueOrThrow({ where: { id }, select: { lastTestAt: true, lastTestPassed: true, lastPassAt: true } })).toEqual({
      lastTestAt: null,
      lastTestPassed: false,
      lastPassAt: null,
    });
  });
});
