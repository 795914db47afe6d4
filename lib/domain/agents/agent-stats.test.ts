import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { ExecutionStatus } from "@/generated/prisma/enums";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { agentStatsWords, findAgentStats } from "./agent-stats";

afterAll(cleanUpTestRows);

const now = new Date("2026-12-01T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

describe("the dashboard's figures per agent", () => {
  it("counts a week's runs, the finished ones' success, sample-test health and waiting unknown outcomes, for the owner's agents only", async () => {
    const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
    const agent = await createTestAgent({
      ownerId: owner.id,
      capabilities: [
        { capabilityId: "cap_a", extra: { hasExample: true } },
        { capabilityId: "cap_b", extra: { hasExample: true } },
        { capabilityId: "cap_c", extra: { hasExample: true } },
        { capabilityId: "cap_d" },
      ],
    });
    const idle = await createTestAgent({ ownerId: owner.id });
    const foreign = await createTestAgent({ ownerId: other.id });
    const [a, b, c, d] = agent.capabilities.map((x) => x.id);
    if (!a || !b || !c || !d) throw new Error("fixture");
    const runs: [string, ExecutionStatus, Date][] = [
      [a, "succeeded", daysAgo(1)],
      [a, "succeeded", daysAgo(2)],
      [b, "succeeded", daysAgo(3)],
      [b, "tool_error", daysAgo(1)],
      [d, "running", daysAgo(0)],
      [d, "cancelled", daysAgo(1)],
      [a, "succeeded", daysAgo(9)],
      [c, "outcome_unknown", daysAgo(20)],
    ];
    await db.execution.createMany({
      data: runs.map(([capabilityId, status, startedAt]) => ({ capabilityId, status, startedAt, argumentsSha256: "0".repeat(64) })),
    });
    await db.sampleTest.createMany({
      data: [
        { capabilityId: a, capabilityVersion: "1", status: "failed", startedAt: daysAgo(3), jobId: randomUUID() },
        { capabilityId: a, capabilityVersion: "1", status: "passed", startedAt: daysAgo(1), jobId: randomUUID() },
        { capabilityId: b, capabilityVersion: "1", status: "failed", startedAt: daysAgo(1), jobId: randomUUID() },
        { capabilityId: c, capabilityVersion: "1", status: "passed", startedAt: daysAgo(10), jobId: randomUUID() },
      ],
    });

    const stats = await findAgentStats(owner.id, now);
    expect([...stats.keys()].sort()).toEqual([agent.handle, idle.handle].sort());
    expect(stats.has(foreign.handle)).toBe(false);
    const figures = stats.get(agent.handle);
    expect(figures).toEqual({ runs7d: 6, successRate: 3 / 4, sampleTests: { passing: 1, failing: 1, untested: 1 }, unknownOutcomes: 1 });
    expect(figures ? agentStatsWords(figures) : []).toEqual([
      "6 runs in 7 days",
      "75% succeeded",
      "sample tests: 1 passing, 1 failing, 1 not tested lately",
      "1 unknown outcome waiting",
    ]);
    const quiet = stats.get(idle.handle);
    expect(quiet).toEqual({ runs7d: 0, successRate: null, sampleTests: { passing: 0, failing: 0, untested: 0 }, unknownOutcomes: 0 });
    expect(quiet ? agentStatsWords(quiet) : []).toEqual(["0 runs in 7 days"]);
  });
});
