import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/accounts/viewer";
import type { AgentStatus, ContentRating } from "@/generated/prisma/enums";
import {
  agentVisibilityWhere,
  capabilityVisibilityWhere,
  countHiddenMature,
  isAgentVisible,
  isCapabilityVisible,
  mayViewerSeeMature,
  ownerCapabilityWhere,
  ownerWhere,
} from "./visibility";
import { cleanUpTestRows, createTestAgent, createTestUser, deleteTestAgents } from "@/lib/testing/fixtures";

afterAll(cleanUpTestRows);

const statuses: AgentStatus[] = ["published", "unpublished", "suspended"];
const ratings: ContentRating[] = ["general", "mature"];
// "Today" for these tests: a fixed clock, so birthdays on the boundary are exercised deterministically.
const NOW = new Date("2026-03-01T12:00:00Z");

const agentArb = fc.record({
  status: fc.constantFrom(...statuses),
  ownerIndex: fc.nat({ max: 1 }),
  capabilities: fc.array(
    fc.record({ listed: fc.boolean(), contentRating: fc.constantFrom(...ratings), suspended: fc.boolean() }),
    { minLength: 0, maxLength: 4 },
  ),
});

// A viewer: signed out, a stranger, or one of the two publishers, with any date of birth (around
// the 18th birthday more often than not), 18+ setting and administrator flag.
const viewerArb = fc.record({
  kind: fc.constantFrom("signed-out", "stranger", "owner0", "owner1"),
  dateOfBirth: fc.option(
    fc.oneof(
      fc.date({ min: new Date("1930-01-01"), max: new Date("2025-01-01"), noInvalidDate: true }),
      fc.integer({ min: -3, max: 3 }).map((days) => new Date(Date.UTC(2008, 2, 1 + days))),
      fc.constant(new Date(Date.UTC(2008, 1, 29))),
    ),
    { nil: null },
  ),
  showMature: fc.boolean(),
  isAdmin: fc.boolean(),
});

const adult = (overrides: Partial<Viewer> = {}): Viewer => ({
  id: "v",
  email: "a@example.test",
  name: null,
  dateOfBirth: new Date("1970-01-01"),
  showMature: true,
  isAdmin: false,
  ...overrides,
});

const listing = (overrides: Partial<Parameters<typeof isCapabilityVisible>[1]> = {}) => ({
  listed: true,
  contentRating: "mature" as const,
  suspendedAt: null,
  agent: { status: "published" as const, ownerId: "owner" },
  ...overrides,
});

describe("mayViewerSeeMature", () => {
  it("needs a signed-in viewer, 18 or older today, who turned 18+ on", () => {
    expect(mayViewerSeeMature(null, NOW)).toBe(false);
    expect(mayViewerSeeMature(adult(), NOW)).toBe(true);
    expect(mayViewerSeeMature(adult({ showMature: false }), NOW)).toBe(false);
    expect(mayViewerSeeMature(adult({ dateOfBirth: null }), NOW)).toBe(false);
    // 18 today (1 March 2008 → 1 March 2026), and one day short of it.
    expect(mayViewerSeeMature(adult({ dateOfBirth: new Date("2008-03-01") }), NOW)).toBe(true);
    expect(mayViewerSeeMature(adult({ dateOfBirth: new Date("2008-03-02") }), NOW)).toBe(false);
  });

  it("lets a stored 18+ switch lapse if the stated birthday says the viewer is a minor", () => {
    const minor = adult({ dateOfBirth: new Date("2012-05-05"), showMature: true });
    expect(isCapabilityVisible(minor, listing(), NOW)).toBe(false);
  });

  it("administrators see suspended listings but mature ones only as adults with 18+ on; publishers their own whatever the status", () => {
    const admin = adult({ isAdmin: true, showMature: false });
    expect(isCapabilityVisible(admin, listing({ contentRating: "general", suspendedAt: NOW }), NOW)).toBe(true);
    expect(isCapabilityVisible(admin, listing({ suspendedAt: NOW }), NOW)).toBe(false);
    expect(isCapabilityVisible({ ...admin, showMature: true }, listing({ suspendedAt: NOW }), NOW)).toBe(true);
    const publisher = adult({ id: "owner", showMature: false, dateOfBirth: null });
    expect(isCapabilityVisible(publisher, listing({ suspendedAt: NOW, agent: { status: "unpublished", ownerId: "owner" } }), NOW)).toBe(true);
    expect(isCapabilityVisible(publisher, listing({ listed: false, agent: { status: "published", ownerId: "owner" } }), NOW)).toBe(false);
  });

});

describe("visibility in the database", () => {
  it("the database where and the in-memory oracle agree for random viewers × listings", async () => {
    const owners = [await createTestUser(), await createTestUser()] as const;
    const stranger = await createTestUser();

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
                capabilities: spec.capabilities.map((c) => ({
                  listed: c.listed,
                  contentRating: c.contentRating,
                  extra: c.suspended ? { suspendedAt: NOW, suspendedReason: "test" } : {},
                })),
              }),
            ),
          );
          try {
            const agentFacts = agents.map((agent, i) => {
              const spec = agentSpecs[i];
              if (!spec) throw new Error("fixture mismatch");
              return {
                id: agent.id,
                status: spec.status,
                ownerId: owners[spec.ownerIndex === 0 ? 0 : 1].id,
                capabilities: spec.capabilities.map((c, j) => {
                  const row = agent.capabilities[j];
                  if (!row) throw new Error("fixture mismatch");
                  return { id: row.id, listed: c.listed, contentRating: c.contentRating, suspendedAt: c.suspended ? NOW : null };
                }),
              };
            });
            const capabilityFacts = agentFacts.flatMap((a) => a.capabilities.map((c) => ({ ...c, agent: a })));
            const capabilityIds = capabilityFacts.map((c) => c.id);

            for (const spec of viewerSpecs) {
              const base =
                spec.kind === "signed-out" ? null : spec.kind === "stranger" ? stranger : owners[spec.kind === "owner0" ? 0 : 1];
              const viewer: Viewer | null = base && {
                ...base,
                dateOfBirth: spec.dateOfBirth,
                showMature: spec.showMature,
                isAdmin: spec.isAdmin,
              };

              const fromDb = await db.capability.findMany({
                where: { AND: [capabilityVisibilityWhere(viewer, NOW), { id: { in: capabilityIds } }] },
                select: { id: true },
              });
              const expected = capabilityFacts.filter((f) => isCapabilityVisible(viewer, f, NOW)).map((f) => f.id);
              expect(fromDb.map((r) => r.id).sort()).toEqual([...expected].sort());

              const agentsFromDb = await db.agent.findMany({
                where: { AND: [agentVisibilityWhere(viewer, NOW), { id: { in: agentFacts.map((a) => a.id) } }] },
                select: { id: true },
              });
              const expectedAgents = agentFacts.filter((a) => isAgentVisible(viewer, a, NOW)).map((a) => a.id);
              expect(agentsFromDb.map((r) => r.id).sort()).toEqual([...expectedAgents].sort());

              // Restate DESIGN.md directly: what a viewer sees that is not public is theirs, or they are an administrator.
              for (const f of capabilityFacts.filter((f) => fromDb.some((r) => r.id === f.id))) {
                const isPublic = f.listed && f.suspendedAt === null && f.agent.status === "published";
                const own = viewer !== null && f.agent.ownerId === viewer.id;
                const admin = viewer?.isAdmin === true;
                expect(f.listed).toBe(true);
                expect(isPublic || own || admin).toBe(true);
                if (f.contentRating === "mature" && !own) expect(mayViewerSeeMature(viewer, NOW)).toBe(true);
              }
            }
          } finally {
            await deleteTestAgents(agents.map((a) => a.id));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("counts hidden mature listings only for a signed-in adult with 18+ off, never their own", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    const agent = await createTestAgent({
      ownerId: alice.id,
      capabilities: [{ contentRating: "mature" }, { contentRating: "mature", extra: { suspendedAt: NOW } }, { contentRating: "general" }],
    });
    const scope = { agentId: agent.id };
    const adultOff = { ...bob, dateOfBirth: new Date("1990-01-01"), showMature: false };
    expect(await countHiddenMature(adultOff, scope, NOW)).toBe(1);
    expect(await countHiddenMature(null, scope, NOW)).toBe(0);
    expect(await countHiddenMature({ ...adultOff, dateOfBirth: new Date("2012-01-01") }, scope, NOW)).toBe(0);
    expect(await countHiddenMature({ ...adultOff, showMature: true }, scope, NOW)).toBe(0);
    expect(await countHiddenMature({ ...alice, dateOfBirth: new Date("1990-01-01"), showMature: false }, scope, NOW)).toBe(0);
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

    // The public rule shows Bob none of Alice's unpublished or suspended agents.
    const publicForBob = await db.agent.findMany({
      where: { AND: [agentVisibilityWhere(bob), { id: { in: ids } }] },
      select: { id: true },
    });
    expect(publicForBob.map((a) => a.id).sort()).toEqual([published.id, bobs.id].sort());
  });
});
