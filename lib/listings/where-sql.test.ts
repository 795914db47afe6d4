import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { Prisma } from "@/generated/prisma/client";
import type { AgentStatus, ContentRating } from "@/generated/prisma/enums";
import type { Viewer } from "@/lib/accounts/viewer";
import { db } from "@/lib/db";
import { agentVisibilityWhere, capabilityVisibilityWhere } from "./visibility";
import { agentWhereSql, capabilityWhereSql } from "./where-sql";
import { cleanUpTestRows, createTestAgent, createTestUser, deleteTestAgents } from "@/lib/testing/fixtures";

afterAll(cleanUpTestRows);

const NOW = new Date("2026-03-01T12:00:00Z");
const statuses: AgentStatus[] = ["published", "unpublished", "suspended"];
const ratings: ContentRating[] = ["general", "mature"];

async function capabilityIdsBySql(where: Prisma.CapabilityWhereInput, among: string[]): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT c."id" FROM "Capability" c WHERE c."id" IN (${Prisma.join(among)}) AND ${capabilityWhereSql(where)}`,
  );
  return rows.map((r) => r.id).sort();
}

async function agentIdsBySql(where: Prisma.AgentWhereInput, among: string[]): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT a."id" FROM "Agent" a WHERE a."id" IN (${Prisma.join(among)}) AND ${agentWhereSql(where)}`,
  );
  return rows.map((r) => r.id).sort();
}

describe("where-sql", () => {
  it("selects exactly what Prisma selects with the visibility wheres, for random viewers × listings", async () => {
    const owner = await createTestUser();
    const viewers: (Viewer | null)[] = [
      null,
      owner,
      await createTestUser(),
      await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true }),
      await createTestUser({ dateOfBirth: new Date("2015-01-01"), showMature: true }),
      await createTestUser({ isAdmin: true }),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            status: fc.constantFrom(...statuses),
            mine: fc.boolean(),
            capabilities: fc.array(
              fc.record({ listed: fc.boolean(), contentRating: fc.constantFrom(...ratings), suspended: fc.boolean() }),
              { maxLength: 3 },
            ),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        async (specs) => {
          const stranger = await createTestUser();
          const agents = await Promise.all(
            specs.map((spec) =>
              createTestAgent({
                ownerId: spec.mine ? owner.id : stranger.id,
                status: spec.status,
                capabilities: spec.capabilities.map((c) => ({
                  listed: c.listed,
                  contentRating: c.contentRating,
                  extra: c.suspended ? { suspendedAt: NOW } : {},
                })),
              }),
            ),
          );
          try {
            const agentIds = agents.map((a) => a.id);
            const capabilityIds = agents.flatMap((a) => a.capabilities.map((c) => c.id));
            for (const viewer of viewers) {
              const capWhere = capabilityVisibilityWhere(viewer, NOW);
              const agentWhere = agentVisibilityWhere(viewer, NOW);
              if (capabilityIds.length > 0) {
                const byPrisma = await db.capability.findMany({ where: { AND: [capWhere, { id: { in: capabilityIds } }] }, select: { id: true } });
                expect(await capabilityIdsBySql(capWhere, capabilityIds)).toEqual(byPrisma.map((r) => r.id).sort());
              }
              const byPrisma = await db.agent.findMany({ where: { AND: [agentWhere, { id: { in: agentIds } }] }, select: { id: true } });
              expect(await agentIdsBySql(agentWhere, agentIds)).toEqual(byPrisma.map((r) => r.id).sort());
            }
          } finally {
            await deleteTestAgents(agents.map((a) => a.id));
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it("handles the operators Prisma wheres use, and refuses what it does not know", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({
      ownerId: owner.id,
      capabilities: [{ name: "Alpha" }, { name: "Beta", listed: false }, { name: "Gamma", extra: { maxDurationSeconds: 5 } }],
    });
    const ids = agent.capabilities.map((c) => c.id);
    const cases: Prisma.CapabilityWhereInput[] = [
      { name: { in: ["Alpha", "Gamma"] } },
      { name: { notIn: ["Alpha"] } },
      { NOT: [{ name: "Alpha" }, { listed: false }] },
      { maxDurationSeconds: null },
      { maxDurationSeconds: { not: null } },
      { maxDurationSeconds: { gte: 5 } },
      { name: { not: "Beta" } },
      { OR: [] },
      { AND: [] },
      { agent: { is: { ownerId: owner.id } } },
      { agent: { isNot: { ownerId: owner.id } } },
      { agent: { capabilities: { every: { listed: true } } } },
      { agent: { capabilities: { some: { name: "Beta" } } } },
    ];
    for (const where of cases) {
      const byPrisma = await db.capability.findMany({ where: { AND: [where, { id: { in: ids } }] }, select: { id: true } });
      expect(await capabilityIdsBySql(where, ids), JSON.stringify(where)).toEqual(byPrisma.map((r) => r.id).sort());
    }
    expect(() => capabilityWhereSql({ name: { contains: "x" } })).toThrow(/not supported/);
    expect(() => capabilityWhereSql({ plans: { some: {} } })).toThrow(/not supported/);
  });
});
