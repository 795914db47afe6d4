import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { AgentStatus, ContentRating } from "@/generated/prisma/enums";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { agentVisibleSql, capabilityPublicSql, capabilityVisibleSql, listingPublicSql, listingVisibleSql, mayViewerSeeMature } from "./visibility";
import { agentsAs, listingsAs } from "./views";
import { countHiddenMature } from "./queries";
import { cleanUpTestRows, createTestAgent, createTestUser, deleteTestAgents } from "@/lib/testing/fixtures";

afterAll(cleanUpTestRows);

const statuses: AgentStatus[] = ["published", "unpublished", "suspended"];
const ratings: ContentRating[] = ["general", "mature"];
// "Today" for these tests: a fixed clock, so birthdays on the boundary are exercised deterministically.
const NOW = new Date("2026-03-01T12:00:00Z");

// DESIGN.md "Visibility", restated in plain code as the specification the SQL functions are held to.
type AgentFacts = { status: AgentStatus; ownerId: string };
type CapabilityFacts = { listed: boolean; contentRating: ContentRating; suspendedAt: Date | null; agent: AgentFacts };
type AgentWithCapabilityFacts = AgentFacts & { capabilities: Pick<CapabilityFacts, "listed" | "contentRating">[] };

function isCapabilityVisible(viewer: Viewer | null, capability: CapabilityFacts, now: Date): boolean {
  if (!capability.listed) return false;
  if (viewer && capability.agent.ownerId === viewer.id) return true;
  const rated = capability.contentRating === "general" || mayViewerSeeMature(viewer, now);
  if (viewer?.isAdmin) return rated;
  return capability.suspendedAt === null && capability.agent.status === "published" && rated;
}

function isAgentVisible(viewer: Viewer | null, agent: AgentWithCapabilityFacts, now: Date): boolean {
  if (viewer && agent.ownerId === viewer.id) return true;
  if (agent.status !== "published" && !viewer?.isAdmin) return false;
  if (mayViewerSeeMature(viewer, now)) return true;
  const listed = agent.capabilities.filter((c) => c.listed);
  return listed.length === 0 || listed.some((c) => c.contentRating === "general");
}

const idRows = z.array(z.object({ id: z.string() }));

async function visibleCapabilityIds(viewer: Viewer | null, ids: string[]): Promise<string[]> {
  const rows = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT c."id" FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
    WHERE c."id" = ANY(${ids}::text[]) AND ${capabilityVisibleSql(viewer, NOW)}`);
  return idRows
    .parse(rows)
    .map((r) => r.id)
    .sort();
}

async function visibleAgentIds(viewer: Viewer | null, ids: string[]): Promise<string[]> {
  const rows = await db.$queryRaw<unknown[]>(Prisma.sql`SELECT a."id" FROM "Agent" a WHERE a."id" = ANY(${ids}::text[]) AND ${agentVisibleSql(viewer, NOW)}`);
  return idRows
    .parse(rows)
    .map((r) => r.id)
    .sort();
}

// The same rule over the catalog's views, which the statements outside the catalog read (views.ts).
async function viewIds(statement: Prisma.Sql): Promise<string[]> {
  return idRows
    .parse(await db.$queryRaw<unknown[]>(statement))
    .map((r) => r.id)
    .sort();
}

const visibleListingIds = (viewer: Viewer | null, ids: string[]) =>
  viewIds(Prisma.sql`SELECT c."id" FROM ${listingsAs("c")} WHERE c."id" = ANY(${ids}::text[]) AND ${listingVisibleSql(viewer, NOW)}`);
const publicListingIds = (ids: string[]) =>
  viewIds(Prisma.sql`SELECT l."id" FROM ${listingsAs("l")} WHERE l."id" = ANY(${ids}::text[]) AND ${listingPublicSql("l")}`);
const visibleViewAgentIds = (viewer: Viewer | null, ids: string[]) =>
  viewIds(Prisma.sql`SELECT a."id" FROM ${agentsAs("a")} WHERE a."id" = ANY(${ids}::text[]) AND ${agentVisibleSql(viewer, NOW)}`);

const agentArb = fc.record({
  status: fc.constantFrom(...statuses),
  ownerIndex: fc.nat({ max: 1 }),
  capabilities: fc.array(fc.record({ listed: fc.boolean(), contentRating: fc.constantFrom(...ratings), suspended: fc.boolean() }), {
    minLength: 0,
    maxLength: 4,
  }),
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

describe("the visibility rule in the database", () => {
  it("explore_capability_visible and explore_agent_visible keep to the rule for random viewers × listings, over the tables and the views", async () => {
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
            const publicIds = capabilityFacts.filter((f) => isCapabilityVisible(null, f, NOW)).map((f) => f.id);
            expect(await publicListingIds(capabilityIds)).toEqual([...publicIds].sort());

            for (const spec of viewerSpecs) {
              const base = spec.kind === "signed-out" ? null : spec.kind === "stranger" ? stranger : owners[spec.kind === "owner0" ? 0 : 1];
              const viewer: Viewer | null = base && {
                ...base,
                dateOfBirth: spec.dateOfBirth,
                showMature: spec.showMature,
                isAdmin: spec.isAdmin,
              };

              const fromDb = await visibleCapabilityIds(viewer, capabilityIds);
              const expected = capabilityFacts.filter((f) => isCapabilityVisible(viewer, f, NOW)).map((f) => f.id);
              expect(fromDb).toEqual([...expected].sort());
              expect(await visibleListingIds(viewer, capabilityIds)).toEqual(fromDb);

              const agentsFromDb = await visibleAgentIds(
                viewer,
                agentFacts.map((a) => a.id),
              );
              const expectedAgents = agentFacts.filter((a) => isAgentVisible(viewer, a, NOW)).map((a) => a.id);
              expect(agentsFromDb).toEqual([...expectedAgents].sort());
              expect(
                await visibleViewAgentIds(
                  viewer,
                  agentFacts.map((a) => a.id),
                ),
              ).toEqual(agentsFromDb);

              // Restate DESIGN.md directly: what a viewer sees that is not public is theirs, or they are an administrator.
              for (const f of capabilityFacts.filter((f) => fromDb.includes(f.id))) {
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
    const scope = Prisma.sql`c."agentId" = ${agent.id}`;
    const adultOff = { ...bob, dateOfBirth: new Date("1990-01-01"), showMature: false };
    expect(await countHiddenMature(adultOff, scope, NOW)).toBe(1);
    expect(await countHiddenMature(null, scope, NOW)).toBe(0);
    expect(await countHiddenMature({ ...adultOff, dateOfBirth: new Date("2012-01-01") }, scope, NOW)).toBe(0);
    expect(await countHiddenMature({ ...adultOff, showMature: true }, scope, NOW)).toBe(0);
    expect(await countHiddenMature({ ...alice, dateOfBirth: new Date("1990-01-01"), showMature: false }, scope, NOW)).toBe(0);
  });

  it("is inlined by the planner, so a visibility filter still uses the tables' indexes", async () => {
    // On a near-empty table a sequential scan is cheapest whatever the filter; with it priced out, the plan
    // shows whether an index can serve the query at all (it cannot once the rule is an opaque function call).
    const plan = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
      return tx.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`
        EXPLAIN SELECT c."id" FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
        WHERE c."id" = 'x' AND ${capabilityPublicSql()}`);
    });
    const text = plan.map((row) => row["QUERY PLAN"]).join("\n");
    // An inlined function shows as its expression; a called one as explore_capability_visible(...).
    expect(text).not.toContain("explore_capability_visible");
    expect(text).toMatch(/Index Scan|Index Only Scan|Bitmap/);
  });
});
