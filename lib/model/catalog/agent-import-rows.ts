import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { AgentStatus } from "@/generated/prisma/enums";
import { listTags } from "@/lib/model/agent-file";
import type { NormalizedAgent, NormalizedCapability } from "@/lib/model/agent-file/types";
import { deleteAgentServices } from "./agent-writes";
import type { CatalogAgent } from "./read-model";
import { agentRow, capabilityRow, planRows, tagRows } from "./rows";

// How the one import (lib/domain/publishing/import-agent.ts) stores an agent inside its listing write: the agent's
// row, then its services, plans and tags in a handful of statements whatever their number — one per table, not
// one per row.

type Tx = Prisma.TransactionClient;

/** The agent a handle names before the import writes, with the endpoint its adapter announced (which may survive it). */
export type AgentBeforeImport = Pick<CatalogAgent, "rowId" | "ownerId" | "status"> & { announcedEndpoint: string | null; announcedFor: string | null };

export async function findAgentBeforeImport(tx: Tx, handle: string): Promise<AgentBeforeImport | null> {
  const agent = await tx.agent.findUnique({
    where: { handle },
    select: { id: true, ownerId: true, status: true, announcedEndpoint: true, announcedFor: true },
  });
  return agent
    ? { rowId: agent.id, ownerId: agent.ownerId, status: agent.status, announcedEndpoint: agent.announcedEndpoint, announcedFor: agent.announcedFor }
    : null;
}

/** The agent's row as imported: the normalised agent's, with the announced endpoint kept or cleared. */
export type ImportedAgentRow = ReturnType<typeof agentRow> & { announcedEndpoint?: null; announcedFor?: null; announcedAt?: null };

/**
 * Updates the owner's agent (`existing`) or creates it. Becoming or staying published stamps `publishedAt`; a new
 * agent not published has none.
 */
export async function storeImportedAgent(
  tx: Tx,
  input: { existing: Pick<CatalogAgent, "rowId"> | null; ownerId: string; handle: string; row: ImportedAgentRow; status: AgentStatus },
): Promise<Pick<CatalogAgent, "rowId">> {
  const { existing, ownerId, handle, row, status } = input;
  const stored = existing
    ? await tx.agent.update({
        where: { id: existing.rowId, ownerId },
        data: { ...row, status, ...(status === "published" ? { publishedAt: new Date() } : {}) },
        select: { id: true },
      })
    : await tx.agent.create({
        data: { ...row, handle, ownerId, status, publishedAt: status === "published" ? new Date() : null },
        select: { id: true },
      });
  return { rowId: stored.id };
}

/**
 * The agent's services as the document states them: the tags they use exist; services the document drops go (their
 * runs stay, detached, naming what ran); the rest are created or updated in place by capability ID (keeping their
 * run and test history); plans and tags are written again.
 */
export async function storeImportedServices(tx: Tx, stored: Pick<CatalogAgent, "rowId">, agent: NormalizedAgent): Promise<void> {
  await ensureTags(tx, agent);
  const kept = agent.capabilities.map((c) => c.capabilityId);
  await deleteAgentServices(tx, { rowId: stored.rowId, handle: agent.handle }, kept);
  const rowIds = await upsertCapabilities(tx, stored.rowId, agent.capabilities);
  await tx.plan.deleteMany({ where: { capability: { agentId: stored.rowId } } });
  await insertRows(
    tx,
    PLAN_TABLE,
    agent.capabilities.flatMap((c) => planRows(rowIdOf(rowIds, c), c)),
  );
  await tx.capabilityTag.deleteMany({ where: { capability: { agentId: stored.rowId } } });
  await insertRows(
    tx,
    CAPABILITY_TAG_TABLE,
    agent.capabilities.flatMap((c) => tagRows(rowIdOf(rowIds, c), c)),
  );
}

function rowIdOf(rowIds: ReadonlyMap<string, string>, c: NormalizedCapability): string {
  const id = rowIds.get(c.capabilityId);
  // The upsert returns a row for every capability it was given; a miss is a bug, not bad input.
  if (id === undefined) throw new Error(`import: no row was written for ${c.capabilityId}`);
  return id;
}

async function ensureTags(tx: Tx, agent: NormalizedAgent) {
  const used = new Set(agent.capabilities.flatMap((c) => c.tags));
  const rows = listTags().filter((t) => used.has(t.slug));
  await tx.tag.createMany({ data: rows.map((t) => ({ slug: t.slug, label: t.label, aliases: t.aliases })), skipDuplicates: true });
}

// Rows travel as one JSON parameter and are read back with jsonb_to_recordset (where a JSON null is SQL
// NULL): one statement per table whatever the number of rows, and no limit on bind parameters. Prisma's
// createMany took ~0.4 ms a row here, as long as all the other statements of a 1,000-capability import.
type Table<Row> = { name: string; columns: { [K in keyof Row]-?: string } };

const quoted = (name: string) => `"${name}"`;

function recordsetSql<Row>(table: Table<Row>) {
  const entries: [string, string][] = Object.entries(table.columns);
  return {
    columns: Prisma.raw(entries.map(([name]) => quoted(name)).join(", ")),
    select: Prisma.raw(entries.map(([name]) => `x.${quoted(name)}`).join(", ")),
    types: Prisma.raw(entries.map(([name, type]) => `${quoted(name)} ${type}`).join(", ")),
  };
}

async function insertRows<Row>(tx: Tx, table: Table<Row>, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const sql = recordsetSql(table);
  await tx.$executeRaw`
    INSERT INTO ${Prisma.raw(quoted(table.name))} (${sql.columns})
    SELECT ${sql.select} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${sql.types})`;
}

type CapabilityRow = ReturnType<typeof capabilityRow>;

// Each column's SQL type. The mapped type keeps it in step with capabilityRow: a field missing here, or
// here and not there, does not compile.
const CAPABILITY_TABLE: Table<CapabilityRow> = {
  name: "Capability",
  columns: {
    id: "text",
    agentId: "text",
    capabilityId: "text",
    position: "integer",
    tool: "text",
    name: "text",
    summary: "text",
    category: "text",
    contentRating: '"ContentRating"',
    matureReasons: "text[]",
    limitations: "text",
    class: '"CapabilityClass"',
    repeat: '"RepeatMode"',
    refreshesPerExecution: "integer",
    refreshesWithinHours: "integer",
    storageFreeAccepted: "boolean",
    outsideAction: "text",
    effects: "jsonb",
    cancellation: "text",
    maxDurationSeconds: "integer",
    inputSchema: "jsonb",
    outputSchema: "jsonb",
    data: "jsonb",
    version: "text",
    example: "jsonb",
    offered: "boolean",
    needsConfirmation: "boolean",
    listed: "boolean",
    isPaid: "boolean",
    hasExample: "boolean",
    inputsRetained: "boolean",
    usedForTraining: "boolean",
    processingRegions: "text[]",
  },
};

// The conflict target and what identifies a row: never changed by a re-import.
const KEY_COLUMNS: readonly string[] = ["id", "agentId", "capabilityId"];
const capabilitySql = recordsetSql(CAPABILITY_TABLE);
const updateSql = Prisma.raw(
  Object.keys(CAPABILITY_TABLE.columns)
    .filter((name) => !KEY_COLUMNS.includes(name))
    .map((name) => `${quoted(name)} = EXCLUDED.${quoted(name)}`)
    .concat(`"updatedAt" = EXCLUDED."updatedAt"`)
    .join(", "),
);

const writtenRowsSchema = z.array(z.object({ id: z.string(), capabilityId: z.string() }));

/**
 * Every capability of the agent in one INSERT … ON CONFLICT DO UPDATE: new ones are created, those whose
 * capability ID the agent already has are updated in place. Returns the row ID of each capability ID.
 */
async function upsertCapabilities(tx: Tx, agentId: string, capabilities: readonly NormalizedCapability[]): Promise<Map<string, string>> {
  const rows = capabilities.map((c, position) => capabilityRow(agentId, position, c));
  // "updatedAt" as Prisma's @updatedAt writes it: UTC, in a timestamp without time zone.
  const written = await tx.$queryRaw<unknown[]>`
    INSERT INTO "Capability" (${capabilitySql.columns}, "updatedAt")
    SELECT ${capabilitySql.select}, (now() AT TIME ZONE 'UTC')
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(${capabilitySql.types})
    ON CONFLICT ("agentId", "capabilityId") DO UPDATE SET ${updateSql}
    RETURNING "id", "capabilityId"`;
  return new Map(writtenRowsSchema.parse(written).map((row) => [row.capabilityId, row.id]));
}

type PlanRow = ReturnType<typeof planRows>[number];

const PLAN_TABLE: Table<PlanRow> = {
  name: "Plan",
  columns: {
    id: "text",
    capabilityId: "text",
    planId: "text",
    position: "integer",
    type: '"PlanType"',
    extra: "jsonb",
    priceUsd: "numeric(12,4)",
    dailyLimit: "integer",
  },
};

const CAPABILITY_TAG_TABLE: Table<ReturnType<typeof tagRows>[number]> = {
  name: "CapabilityTag",
  columns: { capabilityId: "text", tagSlug: "text", position: "integer" },
};
