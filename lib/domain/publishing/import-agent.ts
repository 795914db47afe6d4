import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { parseAgentFile, listTags } from "@/lib/model/agent-file";
import { refreshSearchDocuments } from "@/lib/domain/search/documents";
import { refreshSearchLexicon } from "@/lib/domain/search/lexicon";
import { markDueAfterImport, snapshotForSampleTests } from "@/lib/domain/sample-tests/schedule";
import { markLogoAndTermsAfterImport } from "@/lib/domain/logos/after-import";
import type { AgentFileError, NormalizedAgent, NormalizedCapability } from "@/lib/model/agent-file/types";
import { writeListings, type NoteWritten } from "@/lib/model/catalog/listing-writes";
import { agentRow, capabilityRow, planRows, tagRows } from "@/lib/model/catalog/rows";
import { recordAgentVersion } from "@/lib/domain/agents/versions";
import { claimDeletedHandle } from "@/lib/domain/agents/deleted-agents";
import type { ReplaceQuestion } from "./import-form-state";

export type { ReplaceQuestion };

export type ImportResult =
  { ok: true; handle: string; replaced: boolean } | { ok: false; message: string; errors: AgentFileError[]; confirm?: ReplaceQuestion };

/**
 * The dashboard's imports ask before replacing an agent the owner has (the import page, and a draft not
 * opened from that agent): `action` says what replaces it, in words; `confirmed` is the handle the
 * publisher answered "Yes, replace it" for. A confirmation is for one handle, never for whatever is sent next.
 */
export type AskBeforeReplacing = { action: "Importing this document" | "Publishing this draft"; confirmed: string | null };

type Tx = Prisma.TransactionClient;

/** How many imports may hold a transaction at once in this process; the rest wait their turn outside the pool. */
export const MAX_CONCURRENT_IMPORTS = 2;

// The transaction's time budget grows with the document: a fixed part for the agent, the search
// documents and the commit, and a part per capability for its rows (measured at ~1 ms each on a
// 2-core machine with the batched writes below; the budget leaves room for a loaded machine).
const TRANSACTION_BASE_MS = 5_000;
const TRANSACTION_PER_CAPABILITY_MS = 10;

/** The interactive transaction's timeout for storing this agent (Prisma's default of 5 s fits small agents only). */
export function importTimeoutMs(agent: { capabilities: readonly unknown[] }): number {
  return TRANSACTION_BASE_MS + TRANSACTION_PER_CAPABILITY_MS * agent.capabilities.length;
}

let importsRunning = 0;
const importsWaiting: (() => void)[] = [];

/**
 * Runs `work` when fewer than MAX_CONCURRENT_IMPORTS imports are storing (exported for its test). Ten
 * large imports at once would otherwise each hold one of the pool's connections for their whole
 * transaction, leaving none for readers; on two cores they would not finish sooner either.
 */
export async function inImportTurn<T>(work: () => Promise<T>): Promise<T> {
  if (importsRunning < MAX_CONCURRENT_IMPORTS) importsRunning += 1;
  else await new Promise<void>((resolve) => importsWaiting.push(resolve));
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, so the count stays as it is.
    const next = importsWaiting.shift();
    if (next) next();
    else importsRunning -= 1;
  }
}

/**
 * Validates an agent.json and stores it for its owner, all or nothing: the CLI and the dashboard
 * both import through here. Re-importing a handle you own replaces it (capabilities are matched
 * by capability ID so their run and test history stays); a handle owned by someone else is refused.
 */
export async function importAgentFile(input: {
  text: string;
  ownerId: string;
  publish?: boolean;
  /** Written inside the import's transaction once the agent is stored (a draft's registry record): all or nothing. */
  alsoStore?: (tx: Tx, agentId: string) => Promise<void>;
  /** Without it (the CLI, a draft opened from the agent) an agent of the owner's is replaced. */
  askBeforeReplacing?: AskBeforeReplacing;
}): Promise<ImportResult> {
  const parsed = parseAgentFile(input.text);
  if (!parsed.ok) {
    const n = parsed.errors.length;
    return { ok: false, message: `The agent.json has ${n} problem${n === 1 ? "" : "s"}; nothing was imported.`, errors: parsed.errors };
  }
  const agent = parsed.agent;
  try {
    return await inImportTurn(async () => {
      const before = await snapshotForSampleTests(agent.handle);
      const result = await writeListings(
        (tx, wrote) => storeAgent(tx, agent, input.ownerId, input.publish ?? false, wrote, input.alsoStore, input.askBeforeReplacing),
        {
          timeout: importTimeoutMs(agent),
        },
      );
      // After the commit: new, newly published, re-versioned or re-pointed capabilities get a sample test soon.
      if (result.ok) await markDueAfterImport(result.handle, before);
      // A new or changed logo or terms URL is fetched and checked by the worker.
      if (result.ok) await markLogoAndTermsAfterImport(result.handle);
      return result;
    });
  } catch (error) {
    // Two imports racing for the same new handle: the loser gets the same answer as a taken handle.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return handleTaken(agent.handle);
    }
    // The transaction could not start, or ran past its budget, on a database busy with other work:
    // it was rolled back, so nothing was stored, and trying again later is all the publisher can do.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2028") {
      return { ok: false, message: "Explore was too busy to store the agent just now; nothing was imported. Try again in a few minutes.", errors: [] };
    }
    throw error;
  }
}

// Only that the handle is taken: not by whom, nor whether that agent is published, suspended or mature.
function handleTaken(handle: string): ImportResult {
  return {
    ok: false,
    message: `The handle ${handle} is taken; nothing was imported.`,
    errors: [{ path: "/agent/handle", message: `${handle} is taken; choose another handle` }],
  };
}

function replaceQuestion(handle: string, status: string, action: AskBeforeReplacing["action"]): ImportResult {
  const state = status === "published" ? "published, with its services on Explore" : status === "suspended" ? "suspended" : "unpublished";
  return {
    ok: false,
    message: `You already have an agent ${handle} (${state}). ${action} replaces it: its profile, services and plans become this one's.`,
    errors: [],
    confirm: { handle },
  };
}

async function storeAgent(
  tx: Tx,
  agent: NormalizedAgent,
  ownerId: string,
  publish: boolean,
  wrote: NoteWritten,
  alsoStore?: (tx: Tx, agentId: string) => Promise<void>,
  ask?: AskBeforeReplacing,
): Promise<ImportResult> {
  const existing = await tx.agent.findUnique({
    where: { handle: agent.handle },
    select: { id: true, ownerId: true, status: true, announcedEndpoint: true, announcedFor: true },
  });
  if (existing && existing.ownerId !== ownerId) return handleTaken(agent.handle);
  // Asked inside the transaction that would write, so the answer is about the agent as it is now; nothing is written.
  if (existing && ask && ask.confirmed !== agent.handle) return replaceQuestion(agent.handle, existing.status, ask.action);
  // A deleted agent's handle stays its former owner's: they may import it again (which lifts its 410), nobody else.
  if (!existing && !(await claimDeletedHandle(tx, agent.handle, ownerId))) return handleTaken(agent.handle);

  const status = existing?.status === "suspended" ? "suspended" : publish ? "published" : (existing?.status ?? "unpublished");
  const written = agentRow(agent);
  // An endpoint the adapter announced for this same ${NAME} survives a re-import; any other endpoint ends it.
  const announced = existing?.announcedEndpoint && written.endpointPending && existing.announcedFor === written.endpoint ? existing.announcedEndpoint : null;
  const fields = announced
    ? { ...written, endpoint: announced, endpointPending: false }
    : { ...written, announcedEndpoint: null, announcedFor: null, announcedAt: null };
  const stored = existing
    ? await tx.agent.update({
        where: { id: existing.id, ownerId },
        data: { ...fields, status, ...(status === "published" ? { publishedAt: new Date() } : {}) },
        select: { id: true },
      })
    : await tx.agent.create({
        data: { ...fields, handle: agent.handle, ownerId, status, publishedAt: status === "published" ? new Date() : null },
        select: { id: true },
      });
  wrote(stored.id);

  // A handful of statements whatever the number of capabilities: one per table, not one per row.
  await ensureTags(tx, agent);
  const kept = agent.capabilities.map((c) => c.capabilityId);
  // Runs of a service the new document drops stay, detached (ON DELETE SET NULL), naming what ran.
  await tx.$executeRaw`
    UPDATE "Execution" e SET "goneServiceName" = c."name", "goneAgentHandle" = ${agent.handle}
    FROM "Capability" c WHERE e."capabilityId" = c."id" AND c."agentId" = ${stored.id} AND NOT (c."capabilityId" = ANY(${kept}::text[]))`;
  await tx.capability.deleteMany({ where: { agentId: stored.id, capabilityId: { notIn: kept } } });
  const rowIds = await upsertCapabilities(tx, stored.id, agent.capabilities);
  await tx.plan.deleteMany({ where: { capability: { agentId: stored.id } } });
  await insertRows(
    tx,
    PLAN_TABLE,
    agent.capabilities.flatMap((c) => planRows(rowIdOf(rowIds, c), c)),
  );
  await tx.capabilityTag.deleteMany({ where: { capability: { agentId: stored.id } } });
  await insertRows(
    tx,
    CAPABILITY_TAG_TABLE,
    agent.capabilities.flatMap((c) => tagRows(rowIdOf(rowIds, c), c)),
  );
  await refreshSearchDocuments(tx, [stored.id]);
  await refreshSearchLexicon(tx, [agent.handle]);
  await recordAgentVersion(tx, { agentId: stored.id, userId: ownerId, event: "imported" });
  if (alsoStore) await alsoStore(tx, stored.id);
  return { ok: true, handle: agent.handle, replaced: existing !== null };
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
