import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";

afterAll(cleanUpTestRows);

async function freeOf(ids: string[]): Promise<boolean[]> {
  const rows = await db.capability.findMany({ where: { id: { in: ids } }, select: { id: true, hasFreePlan: true } });
  return ids.map((id) => rows.find((r) => r.id === id)?.hasFreePlan ?? false);
}

const plan = (capabilityId: string, planId: string, type: "free" | "per_call") => ({ capabilityId, planId, position: 0, type, extra: {} });

// The price filter "free to try", its facet count and the search index read "hasFreePlan"; the pages read "Plan".
// The triggers keep the first a copy of the second, whatever writes the plans and however many rows one
// statement writes.
describe("a capability's hasFreePlan", () => {
  it("follows its Plan rows through inserts, updates and deletes", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{}, {}] });
    const [a, b] = agent.capabilities.map((c) => c.id);
    if (!a || !b) throw new Error("two capabilities expected");
    expect(await freeOf([a, b])).toEqual([false, false]);

    await db.plan.createMany({ data: [plan(a, "trial", "free"), plan(a, "calls", "per_call"), plan(b, "calls", "per_call")] });
    expect(await freeOf([a, b])).toEqual([true, false]);

    await db.plan.updateMany({ where: { capabilityId: { in: [a, b] } }, data: { type: "free" } });
    expect(await freeOf([a, b])).toEqual([true, true]);

    await db.plan.updateMany({ where: { capabilityId: b }, data: { type: "per_call" } });
    await db.plan.deleteMany({ where: { capabilityId: a, planId: "trial" } });
    expect(await freeOf([a, b])).toEqual([true, false]);

    await db.plan.deleteMany({ where: { capabilityId: a } });
    expect(await freeOf([a, b])).toEqual([false, false]);
  });
});
