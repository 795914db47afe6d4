import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { resolveUnknownOutcome } from "@/lib/domain/runs/resolve-outcome";
import { cleanUpTestRows, createTestAgent, createTestUser, deleteTestAgents } from "@/lib/testing/fixtures";
import { OUTCOMES } from "./outcomes";

// The rollup the analytics read (ExecutionDaily, AgentExecutionDaily) is kept by a trigger on "Execution".
// Each test moves runs the ways lib/domain/runs moves them and then compares the rollup with a direct aggregation of
// the runs themselves, for the test's own agents.

afterAll(cleanUpTestRows);

const statusSums = OUTCOMES.map((s) => `count(*) FILTER (WHERE e."status" = '${s}')::int AS "${s}"`).join(", ");
const statusCols = OUTCOMES.map((s) => `r."${s}"`).join(", ");

type Row = Record<string, unknown>;

/** Per service and day, and per agent and day: the rollup's rows and what the runs themselves add up to. */
async function compare(agentIds: string[]): Promise<{ services: [Row[], Row[]]; agents: [Row[], Row[]] }> {
  const [serviceRollup, serviceDirect, agentRollup, agentDirect] = await Promise.all([
    db.$queryRawUnsafe<Row[]>(
      `SELECT r."capabilityId", to_char(r."day", 'YYYY-MM-DD') AS "day", r."agentId", ${statusCols}, r."latencyBuckets", r."latencySumMs"::int AS "sum"
       FROM "ExecutionDaily" r WHERE r."agentId" = ANY($1::text[]) ORDER BY 1, 2`,
      agentIds,
    ),
    db.$queryRawUnsafe<Row[]>(
      `SELECT e."capabilityId", to_char(e."startedAt"::date, 'YYYY-MM-DD') AS "day", c."agentId", ${statusSums},
              "execution_latency_histogram"(e."status", e."durationMs") AS "latencyBuckets",
              coalesce(sum(e."durationMs") FILTER (WHERE "execution_latency_bucket"(e."status", e."durationMs") IS NOT NULL), 0)::int AS "sum"
       FROM "Execution" e JOIN "Capability" c ON c."id" = e."capabilityId" WHERE c."agentId" = ANY($1::text[]) GROUP BY 1, 2, 3 ORDER BY 1, 2`,
      agentIds,
    ),
    db.$queryRawUnsafe<Row[]>(
      `SELECT r."agentId", to_char(r."day", 'YYYY-MM-DD') AS "day", ${statusCols}, r."latencyBuckets", r."latencySumMs"::int AS "sum"
       FROM "AgentExecutionDaily" r WHERE r."agentId" = ANY($1::text[]) ORDER BY 1, 2`,
      agentIds,
    ),
    db.$queryRawUnsafe<Row[]>(
      `SELECT c."agentId", to_char(e."startedAt"::date, 'YYYY-MM-DD') AS "day", ${statusSums},
              "execution_latency_histogram"(e."status", e."durationMs") AS "latencyBuckets",
              coalesce(sum(e."durationMs") FILTER (WHERE "execution_latency_bucket"(e."status", e."durationMs") IS NOT NULL), 0)::int AS "sum"
       FROM "Execution" e JOIN "Capability" c ON c."id" = e."capabilityId" WHERE c."agentId" = ANY($1::text[]) GROUP BY 1, 2 ORDER BY 1, 2`,
      agentIds,
    ),
  ]);
  return { services: [serviceRollup, serviceDirect], agents: [agentRollup, agentDirect] };
}

async function expectRollupToMatch(agentIds: string[]): Promise<Row[]> {
  const { services, agents } = await compare(agentIds);
  expect(services[0]).toEqual(services[1]);
  expect(agents[0]).toEqual(agents[1]);
  return services[0];
}

const hash = "0".repeat(64);

async function world() {
  const owner = await createTestUser();
  const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{ capabilityId: "cap_one" }, { capabilityId: "cap_two" }] });
  const other = await createTestAgent({ ownerId: owner.id, capabilities: [{ capabilityId: "cap_one" }] });
  const [one, two] = agent.capabilities.map((c) => c.id);
  const [elsewhere] = other.capabilities.map((c) => c.id);
  if (!one || !two || !elsewhere) throw new Error("fixture");
  return { owner, agent, other, one, two, elsewhere };
}

describe("the analytics rollup, kept by a trigger on Execution", () => {
  it("counts inserted runs per service and day and per agent and day, as a direct aggregation does", async () => {
    const w = await world();
    await db.execution.createMany({
      data: [
        { capabilityId: w.one, status: "succeeded", startedAt: new Date("2026-11-20T10:00:00Z"), durationMs: 120, argumentsSha256: hash },
        { capabilityId: w.one, status: "succeeded", startedAt: new Date("2026-11-20T23:59:59Z"), durationMs: 900, argumentsSha256: hash },
        { capabilityId: w.one, status: "tool_error", startedAt: new Date("2026-11-21T00:00:00Z"), durationMs: 40, argumentsSha256: hash },
        { capabilityId: w.two, status: "cancelled", startedAt: new Date("2026-11-20T11:00:00Z"), durationMs: 5_000, argumentsSha256: hash },
        { capabilityId: w.two, status: "outcome_unknown", startedAt: new Date("2026-11-20T12:00:00Z"), durationMs: null, argumentsSha256: hash },
        { capabilityId: w.elsewhere, status: "failed", startedAt: new Date("2026-11-20T12:00:00Z"), durationMs: 70, argumentsSha256: hash },
      ],
    });
    const rows = await expectRollupToMatch([w.agent.id, w.other.id]);
    expect(rows).toHaveLength(4);
    const nov20 = rows.find((r) => r.capabilityId === w.one && r.day === "2026-11-20");
    expect(nov20).toMatchObject({ succeeded: 2, sum: 1_020 });
    // The cancelled run's duration is no finished run's: its row has counts but an empty histogram.
    const cancelled = rows.find((r) => r.capabilityId === w.two);
    expect(cancelled).toMatchObject({ cancelled: 1, outcome_unknown: 1, sum: 0 });
    expect((cancelled?.latencyBuckets as number[]).every((c) => c === 0)).toBe(true);
  });

  it("moves a run as it finishes, is cancelled, is abandoned, is resolved, is repeated or is deleted", async () => {
    const w = await world();
    const started = new Date("2026-11-25T08:00:00Z");
    const [a, b, c, d] = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.execution.create({ data: { capabilityId: w.one, status: "running", startedAt: started, argumentsSha256: hash }, select: { id: true } }),
      ),
    );
    if (!a || !b || !c || !d) throw new Error("fixture");
    expect((await expectRollupToMatch([w.agent.id]))[0]).toMatchObject({ running: 4, sum: 0 });

    // Finished as run-capability.ts finishes a run: status, finishedAt and duration in one statement.
    await db.$executeRaw`UPDATE "Execution" SET "status" = 'succeeded'::"ExecutionStatus", "finishedAt" = now(), "durationMs" = 300 WHERE "id" = ${a.id}::uuid`;
    await db.$executeRaw`UPDATE "Execution" SET "status" = 'succeeded'::"ExecutionStatus", "finishedAt" = now(), "durationMs" = 2500 WHERE "id" = ${b.id}::uuid`;
    // Cancelled through the provider's hook (execution-hooks.ts): the duration leaves the histogram.
    await db.execution.update({ where: { id: b.id }, data: { status: "cancelled", finishedAt: new Date() } });
    // Abandoned (abandoned-executions.ts): outcome unknown, no duration.
    await db.$executeRaw`UPDATE "Execution" SET "status" = 'outcome_unknown', "finishedAt" = now() WHERE "id" = ${c.id}::uuid`;
    // A repeat rewrites only the repeat columns: nothing moves.
    await db.execution.update({ where: { id: a.id }, data: { repeatCount: { increment: 1 }, lastRepeatedAt: new Date(), lastRepeatStatus: "failed" } });
    let [row] = await expectRollupToMatch([w.agent.id]);
    expect(row).toMatchObject({ running: 1, succeeded: 1, cancelled: 1, outcome_unknown: 1, sum: 300 });

    // Mark resolved keeps the record's status: the run still counts as an unknown outcome.
    expect(await resolveUnknownOutcome(w.owner, c.id)).toEqual({ ok: true });
    [row] = await expectRollupToMatch([w.agent.id]);
    expect(row).toMatchObject({ outcome_unknown: 1 });

    // A run moved to another day, and a deleted record.
    await db.execution.update({ where: { id: d.id }, data: { startedAt: new Date("2026-11-26T08:00:00Z") } });
    await db.execution.delete({ where: { id: a.id } });
    const rows = await expectRollupToMatch([w.agent.id]);
    expect(rows.map((r) => [r.day, r.running, r.succeeded])).toEqual([
      ["2026-11-25", 0, 0],
      ["2026-11-26", 1, 0],
    ]);
  });

  it("takes a detached run out (service dropped, agent deleted) and leaves no row behind", async () => {
    const w = await world();
    const day = new Date("2026-11-28T09:00:00Z");
    await db.execution.createMany({
      data: [
        { capabilityId: w.one, status: "succeeded", startedAt: day, durationMs: 100, argumentsSha256: hash },
        { capabilityId: w.two, status: "failed", startedAt: day, durationMs: 200, argumentsSha256: hash },
        { capabilityId: w.two, status: "succeeded", startedAt: day, durationMs: 400, argumentsSha256: hash },
      ],
    });
    await expectRollupToMatch([w.agent.id]);

    // The service goes (as a re-import drops it): its runs stay, capabilityId NULL, counted for nothing.
    await db.capability.delete({ where: { id: w.two } });
    expect(await db.execution.count({ where: { capabilityId: null, startedAt: day, durationMs: { in: [200, 400] } } })).toBeGreaterThanOrEqual(2);
    const rows = await expectRollupToMatch([w.agent.id]);
    expect(rows.map((r) => r.capabilityId)).toEqual([w.one]);
    const [agentRow] = (await compare([w.agent.id])).agents[0];
    expect(agentRow).toMatchObject({ succeeded: 1, failed: 0, sum: 100 });

    // The whole agent goes: nothing of it stays in the rollup.
    await deleteTestAgents([w.agent.id]);
    const gone = await compare([w.agent.id]);
    expect(gone.services[0]).toEqual([]);
    expect(gone.agents[0]).toEqual([]);
  });
});
