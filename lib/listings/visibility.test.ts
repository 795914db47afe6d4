import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/accounts/viewer";
import type { AgentStatus, ContentRating } from "@/generated/prisma/enums";
import {
  agentVisibilityWhere,
  capabilityVisibilityWhere,
  isAgentVisible,
  isCapabilityVisible,
  mayViewerSeeMature,
  ownerCapabilityWhere,
  ownerWhere,
} from "./visibility";
import { cleanUpTestRows, createTestAgent, createTestUser, deleteTestAgents } from "./test-fixtures";

afterAll(cleanUpTestRows);

const statuses: AgentStatus[] = ["published", "unpublished", "suspended"];
const ratings: ContentRating[] = ["general", "mature"];

const agentArb = fc.record({
  status: fc.constantFrom(...statuses),
  ownerIndex: fc.nat({ max: 1 }),
  capabilities: fc.array(fc.record({ listed: fc.boolean(), contentRating: fc.constantFrom(...ratings) }), {
    minLength: 0,
    maxLength: 4,
  }),
});

// A viewer: signed out, a stranger, or one of the two publishers, with any age and 18+ setting.
const viewerArb = fc.record({
  kind: fc.constantFrom("signed-out", "stranger", "owner0", "owner1"),
  age: fc.option(fc.integer({ min: 5, max: 90 }), { nil: null }),
  showMature: fc.boolean(),
  isAdmin: fc.boolean(),
});

function birthDateForAge(age: number | null): Date | null {
  if (age === null) return null;
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - age);
  return d;
}

describe("visibility", () => {
  it("mature listings are shown to nobody yet", () => {
    const adult: Viewer = {
      id: "x",
      email: "a@example.test",
      name: null,
      dateOfBirth: new Date("1970-01-01"),
      showMature: true,
      isAdmin: true,
    };
    expect(mayViewerSeeMature(null)).toBe(false);
    expect(mayViewerSeeMature(adult)).toBe(false);
    expect(isCapabilityVisible(adult, { listed: true, contentRating: "mature", agent: { status: "published" } })).toBe(false);
  });

  it("the database where and the in-memory oracle agree for random viewers × capabilities", async () => {
    const owners = [await createTestUser(), await createTestUser()] as const;
    const stranger = await createTestUser({ dateOfBirth: new Date("1980-05-05"), showMature: true });

    await fc.assert(
      fc.asyncProperty(
        fc.array(agentArb, { minLength: 1, maxLength: 3 }),
        fc.array(viewerArb, { minLength: 1, maxLength: 4 }),
        async (agentSpecs, viewerSpecs) => {
          const agents = await Promise.all(
            agentSpecs.map((spec) =>
              createTestAgent({
                ownerId: owners[spec.ownerIndex === 0 ? 0 : 1].id,
                status: spec.status,
                capabilities: spec.capabilities,
              }),
            ),
          );
          try {
            const capabilityIds = agents.flatMap((a) => a.capabilities.map((c) => c.id));
            const facts = agents.flatMap((agent, i) => {
              const spec = agentSpecs[i];
              if (!spec) return [];
              return agent.capabilities.map((c, j) => {
                const cap = spec.capabilities[j];
                if (!cap) throw new Error("fixture mismatch");
                return { id: c.id, agentId: agent.id, ownerIndex: spec.ownerIndex, ...cap, agent: { status: spec.status } };
              });
            });

            for (const spec of viewerSpecs) {
              const base =
                spec.kind === "signed-out"
                  ? null
                  : spec.kind === "stranger"
                    ? stranger
                    : owners[spec.kind === "owner0" ? 0 : 1];
              const viewer: Viewer | null = base && {
                ...base,
                dateOfBirth: birthDateForAge(spec.age),
                showMature: spec.showMature,
                isAdmin: spec.isAdmin,
              };

              const fromDb = await db.capability.findMany({
                where: { AND: [capabilityVisibilityWhere(viewer), { id: { in: capabilityIds } }] },
                select: { id: true },
              });
              const expected = facts.filter((f) => isCapabilityVisible(viewer, f)).map((f) => f.id);
              expect(fromDb.map((r) => r.id).sort()).toEqual([...expected].sort());

              const agentsFromDb = await db.agent.findMany({
                where: { AND: [agentVisibilityWhere(viewer), { id: { in: agents.map((a) => a.id) } }] },
                select: { id: true },
              });
              const expectedAgents = agents.filter((a, i) => {
                const status = agentSpecs[i]?.status;
                return status !== undefined && isAgentVisible(viewer, { status });
              });
              expect(agentsFromDb.map((r) => r.id).sort()).toEqual(expectedAgents.map((a) => a.id).sort());

              // No unpublished, suspended, unlisted or mature listing ever passes the public rule.
              for (const f of facts.filter((f) => fromDb.some((r) => r.id === f.id))) {
                expect(f.listed && f.agent.status === "published" && f.contentRating === "general").toBe(true);
              }
            }
          } finally {
            await deleteTestAgents(agents.map((a) => a.id));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it("ownerWhere gives a publisher all their own agents and capabilities, and nobody else's", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const published = await createTestAgent({ ownerId: alice.id, status: "published", capabilities: [{}, { listed: false }] });
    const unpublished = await createTestAgent({ ownerId: alice.id, status: "unpublished" });
    const suspended = await createTestAgent({ ownerId: alice.id, status: "suspended", capabilities: [{ contentRating: "mature" }] });
    const bobs = await createTestAgent({ ownerId: bob.id, status: "unpublished" });
    const ids = [published.id, unpublished.id, suspended.id, bobs.id];

    const aliceAgents = await db.agent.findMany({ where: { AND: [ownerWhere(alice), { id: { in: ids } }] }, select: { id: true } });
    expect(aliceAgents.map((a) => a.id).sort()).toEqual([published.id, unpublished.id, suspended.id].sort());

    const aliceCaps = await db.capability.findMany({
      where: { AND: [ownerCapabilityWhere(alice), { agentId: { in: ids } }] },
      select: { id: true },
    });
    expect(aliceCaps).toHaveLength(4);

    const bobAgents = await db.agent.findMany({ where: { AND: [ownerWhere(bob), { id: { in: ids } }] }, select: { id: true } });
    expect(bobAgents.map((a) => a.id)).toEqual([bobs.id]);

    // The public rule still hides Alice's unpublished and suspended agents from Alice herself.
    const publicForAlice = await db.agent.findMany({
      where: { AND: [agentVisibilityWhere(alice), { id: { in: ids } }] },
      select: { id: true },
    });
    expect(publicForAlice.map((a) => a.id)).toEqual([published.id]);
  });
});
