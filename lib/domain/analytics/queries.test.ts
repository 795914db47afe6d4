import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { ExecutionStatus } from "@/generated/prisma/enums";
import { cleanUpTestRows, createTestAgent, createTestUser, deleteTestAgents } from "@/lib/testing/fixtures";
import { latencyBucket } from "./latency-histogram";
import { OUTCOMES } from "./outcomes";
import { findAgentAnalytics, findAnalyticsCsvRows } from "./queries";

afterAll(cleanUpTestRows);

const now = new Date("2026-12-01T15:00:00Z");
const at = (iso: string) => new Date(iso);
const zero = Object.fromEntries(OUTCOMES.map((s) => [s, 0]));

/** Percentiles come from the rollup's histogram: the estimate is within one bucket (~19 %) of the exact one. */
function expectAbout(estimate: number | null | undefined, exact: number): void {
  if (estimate === null || estimate === undefined) throw new Error(`expected about ${exact} ms, got none`);
  expect(Math.abs(latencyBucket(Math.floor(estimate)) - latencyBucket(Math.floor(exact)))).toBeLessThanOrEqual(1);
}

type Planted = [capabilityId: string, status: ExecutionStatus, startedAt: Date, durationMs: number | null];

async function plant(runs: Planted[]): Promise<void> {
  await db.execution.createMany({
    data: runs.map(([capabilityId, status, startedAt, durationMs]) => ({
      capabilityId,
      status,
      startedAt,
      durationMs,
      finishedAt: status === "running" ? null : startedAt,
      argumentsSha256: "0".repeat(64),
    })),
  });
}

async function world() {
  const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
  const agent = await createTestAgent({
    ownerId: owner.id,
    capabilities: [
      { capabilityId: "cap_alpha", name: "Alpha" },
      { capabilityId: "cap_beta", name: 'Beta, "the second"' },
    ],
  });
  const foreign = await createTestAgent({ ownerId: other.id, capabilities: [{ capabilityId: "cap_alpha" }] });
  const [alpha, beta] = agent.capabilities.map((c) => c.id);
  const [foreignAlpha] = foreign.capabilities.map((c) => c.id);
  if (!alpha || !beta || !foreignAlpha) throw new Error("fixture");
  return { owner, other, agent, foreign, alpha, beta, foreignAlpha };
}

describe("an agent's analytics, read from the rollup", () => {
  it("counts every outcome per UTC day over 30 zero-filled days, with percentiles of finished runs (about: within a bucket) and the shared success rate", async () => {
    const w = await world();
    // Ten succeeded runs of known durations on one day: exactly p50 = 550 ms, p95 = 955 ms (continuous percentiles), which the histogram answers within a bucket.
    await plant(Array.from({ length: 10 }, (_, i): Planted => [w.alpha, "succeeded", at(`2026-11-20T0${i}:00:00Z`), (i + 1) * 100]));
    await plant([
      [w.alpha, "tool_error", at("2026-11-21T23:59:59Z"), 50],
      [w.beta, "failed", at("2026-11-22T00:00:00Z"), 70],
      [w.beta, "timed_out", at("2026-11-22T10:00:00Z"), 30_000],
      [w.beta, "payment_required", at("2026-11-22T11:00:00Z"), 20],
      [w.beta, "cancelled", at("2026-11-22T12:00:00Z"), 5_000_000],
      [w.beta, "outcome_unknown", at("2026-12-01T01:00:00Z"), 900],
      [w.beta, "running", at("2026-12-01T14:00:00Z"), null],
      // Outside the window: the day before its first day, and another publisher's runs.
      [w.alpha, "succeeded", at("2026-11-01T23:59:59Z"), 1],
      [w.foreignAlpha, "failed", at("2026-11-25T10:00:00Z"), 1],
    ]);

    const a = await findAgentAnalytics(w.owner.id, w.agent.handle, null, now);
    if (!a) throw new Error("expected analytics");
    expect(a.firstDay).toBe("2026-11-02");
    expect(a.lastDay).toBe("2026-12-01");
    expect(a.days).toHaveLength(30);
    expect(a.days[0]?.day).toBe("2026-11-02");
    expect(a.days.at(-1)?.day).toBe("2026-12-01");
    expect(a.days.find((d) => d.day === "2026-11-10")).toEqual({ day: "2026-11-10", runs: 0, outcomes: zero, p50Ms: null, p95Ms: null });

    const nov20 = a.days.find((d) => d.day === "2026-11-20");
    expect(nov20?.runs).toBe(10);
    expect(nov20?.outcomes.succeeded).toBe(10);
    expectAbout(nov20?.p50Ms, 550);
    expectAbout(nov20?.p95Ms, 955);
    // 23:59:59 UTC stays on its day; midnight starts the next one.
    expect(a.days.find((d) => d.day === "2026-11-21")?.outcomes).toEqual({ ...zero, tool_error: 1 });
    // Cancelled and payment-required runs are not finished: their durations leave the percentiles alone.
    const nov22 = a.days.find((d) => d.day === "2026-11-22");
    expect(nov22?.outcomes).toEqual({ ...zero, failed: 1, timed_out: 1, payment_required: 1, cancelled: 1 });
    expectAbout(nov22?.p50Ms, 15_035);
    expect(a.days.find((d) => d.day === "2026-12-01")?.outcomes).toEqual({ ...zero, outcome_unknown: 1, running: 1 });

    expect(a.total.runs).toBe(17);
    expect(a.total.outcomes).toEqual({
      succeeded: 10,
      tool_error: 1,
      failed: 1,
      timed_out: 1,
      payment_required: 1,
      cancelled: 1,
      outcome_unknown: 1,
      running: 1,
    });
    // Finished: 10 succeeded + tool error + failed + timed out + unknown = 14 (as the dashboard home counts).
    expect(a.total.successRate).toBeCloseTo(10 / 14, 10);
    // Fourteen finished durations: 50, 70, 100…1000, 900, 30000 → p50 between the 7th and 8th (500, 600).
    expectAbout(a.total.p50Ms, 550);
    expect(a.services).toEqual([
      { capabilityId: "cap_alpha", name: "Alpha" },
      { capabilityId: "cap_beta", name: 'Beta, "the second"' },
    ]);
    expect(a.service).toBeNull();
  });

  it("limits everything to one service with the filter, and counts nothing for a service the agent does not have", async () => {
    const w = await world();
    await plant([
      [w.alpha, "succeeded", at("2026-11-30T10:00:00Z"), 100],
      [w.beta, "failed", at("2026-11-30T11:00:00Z"), 200],
      [w.beta, "succeeded", at("2026-11-30T12:00:00Z"), 400],
    ]);
    await db.sampleTest.createMany({
      data: [
        { capabilityId: w.alpha, capabilityVersion: "1", status: "passed", startedAt: at("2026-11-29T10:00:00Z"), jobId: randomUUID() },
        { capabilityId: w.beta, capabilityVersion: "1", status: "failed", startedAt: at("2026-11-29T11:00:00Z"), jobId: randomUUID() },
        { capabilityId: w.beta, capabilityVersion: "1", status: "passed", startedAt: at("2026-11-30T11:00:00Z"), jobId: randomUUID() },
        { capabilityId: w.beta, capabilityVersion: "1", status: "passed", startedAt: at("2026-10-01T11:00:00Z"), jobId: randomUUID() },
        { capabilityId: w.foreignAlpha, capabilityVersion: "1", status: "failed", startedAt: at("2026-11-30T11:00:00Z"), jobId: randomUUID() },
      ],
    });

    const all = await findAgentAnalytics(w.owner.id, w.agent.handle, null, now);
    expect(all?.total.runs).toBe(3);
    expect(all?.sampleTests).toMatchObject({ passed: 2, failed: 1, passRate: 2 / 3 });
    expect(all?.sampleTests.days).toHaveLength(30);
    expect(all?.sampleTests.days.find((d) => d.day === "2026-11-29")).toEqual({ day: "2026-11-29", passed: 1, failed: 1 });

    const beta = await findAgentAnalytics(w.owner.id, w.agent.handle, "cap_beta", now);
    expect(beta?.service).toEqual({ capabilityId: "cap_beta", name: 'Beta, "the second"' });
    expect(beta?.total).toMatchObject({ runs: 2, successRate: 1 / 2 });
    expectAbout(beta?.total.p50Ms, 300);
    expect(beta?.sampleTests).toMatchObject({ passed: 1, failed: 1, passRate: 1 / 2 });
    expect(beta?.services).toHaveLength(2);

    const absent = await findAgentAnalytics(w.owner.id, w.agent.handle, "cap_gamma", now);
    expect(absent?.unknownService).toBe("cap_gamma");
    expect(absent?.total.runs).toBe(0);
    expect(absent?.sampleTests.passed).toBe(0);
    expect((await findAnalyticsCsvRows(w.owner.id, w.agent.handle, "cap_gamma", now))?.rows).toEqual([]);
  });

  it("never shows another publisher's agent, and a deleted service's runs are gone with it", async () => {
    const w = await world();
    await plant([
      [w.alpha, "succeeded", at("2026-11-30T10:00:00Z"), 100],
      [w.beta, "succeeded", at("2026-11-30T10:00:00Z"), 100],
      [w.foreignAlpha, "succeeded", at("2026-11-30T10:00:00Z"), 100],
    ]);
    expect(await findAgentAnalytics(w.other.id, w.agent.handle, null, now)).toBeNull();
    expect(await findAnalyticsCsvRows(w.other.id, w.agent.handle, null, now)).toBeNull();
    expect(await findAgentAnalytics(w.owner.id, w.foreign.handle, null, now)).toBeNull();
    expect((await findAgentAnalytics(w.other.id, w.foreign.handle, null, now))?.total.runs).toBe(1);

    await db.capability.delete({ where: { id: w.beta } });
    const after = await findAgentAnalytics(w.owner.id, w.agent.handle, null, now);
    expect(after?.total.runs).toBe(1);
    expect(after?.services.map((s) => s.capabilityId)).toEqual(["cap_alpha"]);
    expect((await findAgentAnalytics(w.owner.id, w.agent.handle, "cap_beta", now))?.unknownService).toBe("cap_beta");
    await deleteTestAgents([w.foreign.id]);
  });

  it("gives the CSV one row per day × service, zeros where nothing ran, with counts and percentiles per row", async () => {
    const w = await world();
    await plant([
      [w.alpha, "succeeded", at("2026-11-30T10:00:00Z"), 100],
      [w.alpha, "succeeded", at("2026-11-30T11:00:00Z"), 300],
      [w.alpha, "tool_error", at("2026-11-30T12:00:00Z"), 200],
      [w.beta, "cancelled", at("2026-12-01T09:00:00Z"), 10],
    ]);
    const csv = await findAnalyticsCsvRows(w.owner.id, w.agent.handle, null, now);
    if (!csv) throw new Error("expected rows");
    expect(csv.rows).toHaveLength(60);
    expect(csv.rows[0]).toEqual({
      day: "2026-11-02",
      service: { capabilityId: "cap_alpha", name: "Alpha" },
      runs: 0,
      outcomes: zero,
      p50Ms: null,
      p95Ms: null,
    });
    expect(csv.rows[1]?.service.capabilityId).toBe("cap_beta");
    const alpha30 = csv.rows.find((r) => r.day === "2026-11-30" && r.service.capabilityId === "cap_alpha");
    expect(alpha30).toMatchObject({ runs: 3, outcomes: { ...zero, succeeded: 2, tool_error: 1 } });
    expectAbout(alpha30?.p50Ms, 200);
    expectAbout(alpha30?.p95Ms, 290);
    const beta1 = csv.rows.find((r) => r.day === "2026-12-01" && r.service.capabilityId === "cap_beta");
    expect(beta1).toMatchObject({ runs: 1, outcomes: { ...zero, cancelled: 1 }, p50Ms: null, p95Ms: null });

    const one = await findAnalyticsCsvRows(w.owner.id, w.agent.handle, "cap_alpha", now);
    expect(one?.rows).toHaveLength(30);
    expect(one?.rows.every((r) => r.service.capabilityId === "cap_alpha")).toBe(true);
  });
});
