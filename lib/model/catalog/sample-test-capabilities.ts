import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent, CatalogCapability } from "./read-model";
import { effectsSchema, exampleSchema, jsonObjectSchema, readStored } from "./stored-json";

// What sample tests (lib/domain/sample-tests) read of the catalog: which capabilities may be tested and what a test
// sends, the publisher's own capability behind "Test now" and its history, and the latest-test facts the trigger on
// "SampleTest" keeps on each capability row.

/** The client or the caller's transaction. */
type Reader = Pick<typeof db, "capability">;
type Tx = Pick<Prisma.TransactionClient, "$queryRaw">;

/** Capabilities the worker may test at all: listed, with an example, of a published agent whose endpoint is announced. */
const schedulableWhere = {
  listed: true,
  hasExample: true,
  agent: { status: "published", endpointPending: false },
} satisfies Prisma.CapabilityWhereInput;

const underTestSelect = {
  id: true,
  capabilityId: true,
  tool: true,
  version: true,
  class: true,
  example: true,
  effects: true,
  outputSchema: true,
  maxDurationSeconds: true,
  agent: { select: { endpoint: true } },
} satisfies Prisma.CapabilitySelect;

/** A schedulable capability as a sample test calls it. */
export type SchedulableCapability = Pick<
  CatalogCapability,
  "rowId" | "capabilityId" | "tool" | "version" | "class" | "example" | "effects" | "outputSchema" | "maxDurationSeconds"
> & { agent: Pick<CatalogAgent, "endpoint"> };

function schedulableOf(row: Prisma.CapabilityGetPayload<{ select: typeof underTestSelect }>): SchedulableCapability {
  return {
    rowId: row.id,
    capabilityId: row.capabilityId,
    tool: row.tool,
    version: row.version,
    class: row.class,
    example: readStored(exampleSchema, row.example),
    effects: readStored(effectsSchema, row.effects),
    outputSchema: readStored(jsonObjectSchema, row.outputSchema),
    maxDurationSeconds: row.maxDurationSeconds,
    agent: { endpoint: row.agent.endpoint },
  };
}

/** One capability, if the worker may test it now (read fresh when its job runs). */
export async function findSchedulableCapability(rowId: string): Promise<SchedulableCapability | null> {
  const row = await db.capability.findFirst({ where: { AND: [{ id: rowId }, schedulableWhere] }, select: underTestSelect });
  return row ? schedulableOf(row) : null;
}

/** Which schedulable capabilities: these rows, an agent's, or those with no sample-test schedule yet. */
export type SchedulableScope = { rowIds: readonly string[] } | { handle: string } | { unscheduled: true };

function scopeWhere(scope: SchedulableScope): Prisma.CapabilityWhereInput {
  if ("rowIds" in scope) return { id: { in: [...scope.rowIds] } };
  if ("handle" in scope) return { agent: { handle: scope.handle } };
  return { sampleTestState: { is: null } };
}

export async function findSchedulableCapabilities(scope: SchedulableScope): Promise<SchedulableCapability[]> {
  const rows = await db.capability.findMany({ where: { AND: [scopeWhere(scope), schedulableWhere] }, select: underTestSelect });
  return rows.map(schedulableOf);
}

/** What the worker needs to queue a capability's test: where to call and how long the call may take. */
export type TestCallTarget = Pick<CatalogCapability, "maxDurationSeconds"> & { agent: Pick<CatalogAgent, "endpoint"> };

/** These capabilities' call targets, by row id (gone ones are left out). */
export async function findTestCallTargets(rowIds: readonly string[]): Promise<Map<string, TestCallTarget>> {
  if (rowIds.length === 0) return new Map();
  const rows = await db.capability.findMany({
    where: { id: { in: [...rowIds] } },
    select: { id: true, maxDurationSeconds: true, agent: { select: { endpoint: true } } },
  });
  return new Map(rows.map((r) => [r.id, { maxDurationSeconds: r.maxDurationSeconds, agent: r.agent }]));
}

/** What a sample test depends on, for every capability of an agent: compared before and after an import. */
export type CapabilityTestInputs = Pick<CatalogCapability, "rowId" | "capabilityId" | "version"> & { agent: Pick<CatalogAgent, "endpoint" | "status"> };

export async function findAgentTestInputs(handle: string): Promise<CapabilityTestInputs[]> {
  const rows = await db.capability.findMany({
    where: { agent: { handle } },
    select: { id: true, capabilityId: true, version: true, agent: { select: { endpoint: true, status: true } } },
  });
  return rows.map((r) => ({ rowId: r.id, capabilityId: r.capabilityId, version: r.version, agent: r.agent }));
}

/** A publisher's own capability as "Test now" and its sample-test page need it. */
export type OwnedCapabilityForTests = Pick<CatalogCapability, "rowId" | "name" | "version" | "class" | "example" | "effects" | "listed"> & {
  agent: Pick<CatalogAgent, "status" | "endpointPending">;
};

/** The capability `capabilityId` of the owner's agent `handle`, or null; `client` is the caller's transaction when it has one. */
export async function findOwnedCapabilityForTests(
  ownerId: string,
  handle: string,
  capabilityId: string,
  client: Reader = db,
): Promise<OwnedCapabilityForTests | null> {
  const c = await client.capability.findFirst({
    where: { capabilityId, agent: { handle, ownerId } },
    select: {
      id: true,
      name: true,
      version: true,
      class: true,
      example: true,
      effects: true,
      listed: true,
      agent: { select: { status: true, endpointPending: true } },
    },
  });
  if (!c) return null;
  return {
    rowId: c.id,
    name: c.name,
    version: c.version,
    class: c.class,
    example: readStored(exampleSchema, c.example),
    effects: readStored(effectsSchema, c.effects),
    listed: c.listed,
    agent: c.agent,
  };
}

/** A capability's latest test and latest pass, as the trigger on "SampleTest" keeps them on the row. */
export type LatestTestFacts = { hasExample: boolean; lastTestPassed: boolean; lastTestAt: Date | null; lastPassAt: Date | null };

const aroundRow = z.object({
  agentId: z.string(),
  hasExample: z.boolean(),
  lastTestPassed: z.boolean(),
  lastTestAt: z.date().nullable(),
  lastPassAt: z.date().nullable(),
  priorTestPassed: z.boolean(),
  priorTestAt: z.date().nullable(),
  priorPassAt: z.date().nullable(),
});

/**
 * In the transaction that recorded the test `jobId`, after the trigger on "SampleTest" moved the capability's
 * latest test: its facts now, and as they were without that test (the trigger's rule, read in the same
 * statement, so no lock and no second read). Null when the capability is gone.
 */
export async function findTestFactsAround(
  tx: Tx,
  capabilityRowId: string,
  jobId: string,
): Promise<{ agentId: string; before: LatestTestFacts; after: LatestTestFacts } | null> {
  const [row] = z.array(aroundRow).parse(
    await tx.$queryRaw<unknown[]>`
      SELECT c."agentId", c."hasExample", c."lastTestPassed", c."lastTestAt", c."lastPassAt",
             coalesce(prior."status" = 'passed', false) AS "priorTestPassed", prior."startedAt" AS "priorTestAt",
             (SELECT max(p."startedAt") FROM "SampleTest" p
              WHERE p."capabilityId" = c."id" AND p."status" = 'passed' AND p."jobId" <> ${jobId}) AS "priorPassAt"
      FROM "Capability" c
      LEFT JOIN LATERAL (
        SELECT t."startedAt", t."status" FROM "SampleTest" t
        WHERE t."capabilityId" = c."id" AND t."jobId" <> ${jobId} ORDER BY t."startedAt" DESC LIMIT 1
      ) prior ON TRUE
      WHERE c."id" = ${capabilityRowId}`,
  );
  if (!row) return null;
  return {
    agentId: row.agentId,
    after: { hasExample: row.hasExample, lastTestPassed: row.lastTestPassed, lastTestAt: row.lastTestAt, lastPassAt: row.lastPassAt },
    before: { hasExample: row.hasExample, lastTestPassed: row.priorTestPassed, lastTestAt: row.priorTestAt, lastPassAt: row.priorPassAt },
  };
}

/** Bounds (exclusive from, inclusive to) within which a latest test or pass crossing them changes a label by age alone. */
export type AgedLabelBounds = { staleFrom: Date; staleTo: Date; recentFrom: Date; recentTo: Date };

/**
 * Agents with a capability whose label changed by age alone: a latest pass that left the freshness window
 * (`stale*`), a last failing test that left the unreachable window, or a last pass that left it with tests still in
 * it (`recent*`). Read in the caller's transaction.
 */
export async function findAgentsWithAgedLabels(tx: Tx, b: AgedLabelBounds): Promise<string[]> {
  const agents = z.array(z.object({ agentId: z.string() })).parse(
    await tx.$queryRaw<unknown[]>`
      SELECT DISTINCT c."agentId" FROM "Capability" c
      WHERE (c."hasExample" AND c."lastTestPassed" AND c."lastTestAt" > ${b.staleFrom} AND c."lastTestAt" <= ${b.staleTo})
         OR (NOT c."lastTestPassed" AND c."lastTestAt" > ${b.recentFrom} AND c."lastTestAt" <= ${b.recentTo})
         OR (c."lastPassAt" > ${b.recentFrom} AND c."lastPassAt" <= ${b.recentTo} AND c."lastTestAt" > ${b.recentTo})`,
  );
  return agents.map((a) => a.agentId);
}
