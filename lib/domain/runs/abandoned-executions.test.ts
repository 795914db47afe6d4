import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import type { ExecutionStatus } from "@/generated/prisma/enums";
import { ABANDONED_AFTER_MS, ABANDONED_MESSAGE, settleAbandonedExecutions } from "./abandoned-executions";

afterAll(async () => {
  await cleanUpTestRows();
});

describe("executions abandoned mid-run", () => {
  it("are marked outcome unknown once well past their call's deadline, and nothing else is touched", async () => {
    const user = await createTestUser();
    const agent = await createTestAgent({
      ownerId: user.id,
      capabilities: [{ capabilityId: "cap_quick" }, { capabilityId: "cap_slow", extra: { maxDurationSeconds: 3600 } }],
    });
    const [quick, slow] = agent.capabilities;
    if (!quick || !slow) throw new Error("fixture");
    const now = new Date("2026-11-29T12:00:00Z");
    const ago = (ms: number) => new Date(now.getTime() - ms);
    // The default deadline is 60 s; the slow capability declares an hour.
    const grace = 60_000 + ABANDONED_AFTER_MS;
    const rows: { key: string; capabilityId: string; status: ExecutionStatus; startedAt: Date }[] = [
      { key: "abandoned", capabilityId: quick.id, status: "running", startedAt: ago(grace + 1_000) },
      { key: "in flight", capabilityId: quick.id, status: "running", startedAt: ago(grace - 1_000) },
      { key: "slow, in flight", capabilityId: slow.id, status: "running", startedAt: ago(grace + 1_000) },
      { key: "slow, abandoned", capabilityId: slow.id, status: "running", startedAt: ago(3_600_000 + ABANDONED_AFTER_MS + 1_000) },
      { key: "finished", capabilityId: quick.id, status: "succeeded", startedAt: ago(grace + 1_000) },
    ];
    const ids = new Map(rows.map((r) => [r.key, randomUUID()]));
    await db.execution.createMany({
      data: rows.map((r) => ({
        id: ids.get(r.key) ?? "",
        capabilityId: r.capabilityId,
        userId: user.id,
        status: r.status,
        startedAt: r.startedAt,
        argumentsSha256: "0".repeat(64),
      })),
    });

    // (Other test files share the database: only these rows are counted on.)
    expect(await settleAbandonedExecutions(now)).toBeGreaterThanOrEqual(2);
    const after = await db.execution.findMany({ where: { userId: user.id }, select: { id: true, status: true, message: true, finishedAt: true } });
    const byKey = (key: string) => after.find((e) => e.id === ids.get(key));
    expect(byKey("abandoned")).toMatchObject({ status: "outcome_unknown", message: ABANDONED_MESSAGE, finishedAt: now });
    expect(byKey("slow, abandoned")).toMatchObject({ status: "outcome_unknown" });
    expect(byKey("in flight")).toMatchObject({ status: "running", finishedAt: null });
    expect(byKey("slow, in flight")).toMatchObject({ status: "running" });
    expect(byKey("finished")).toMatchObject({ status: "succeeded", message: null });
    // Running it again (another worker) leaves the settled ones as they are.
    await settleAbandonedExecutions(new Date(now.getTime() + 60_000));
    expect(await db.execution.findUnique({ where: { id: ids.get("abandoned") }, select: { finishedAt: true } })).toEqual({ finishedAt: now });
  });
});
