import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { agentVisibleSql, capabilityVisibleSql } from "./visibility";
import { listingsAs } from "./views";

// What the public API (lib/edges/api) reads of the catalog beside the read model: the figures of listings it already
// read, an agent's agent.json as published, and the maintainers an agent states for its registry entry.

/**
 * Figures' SQL (lib/model/figures) over the listing `c` of catalog_listings: the columns to compute and the join they
 * need (the 30-day statistics).
 */
export type FigureColumns = { columns: Prisma.Sql; join: Prisma.Sql };

/**
 * For these listing rows, one row each: `id` (the row id) and `figures.columns`, as `rows` parses them. No visibility
 * rule: the caller read the listings through it already.
 */
export async function findListingFigures<T>(rowIds: readonly string[], figures: FigureColumns, rows: z.ZodType<T[]>): Promise<T[]> {
  if (rowIds.length === 0) return [];
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT c."id", ${figures.columns}
    FROM ${listingsAs("c")} ${figures.join}
    WHERE c."id" IN (${Prisma.join([...rowIds])})`);
  return rows.parse(raw);
}

const documentRows = z.array(z.object({ document: z.unknown(), hidden: z.array(z.string()) }));

/**
 * The agent.json of an agent whose page this viewer may see, as stored (local-only fields were removed at import), with
 * the tools of its capabilities the viewer may not see; null when there is no such agent.
 */
export async function findAgentDocument(
  viewer: Viewer | null,
  handle: string,
  now: Date = new Date(),
): Promise<{ document: unknown; hiddenTools: string[] } | null> {
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT a."document",
           ARRAY(SELECT c."tool" FROM "Capability" c WHERE c."agentId" = a."id" AND NOT ${capabilityVisibleSql(viewer, now)}) AS "hidden"
    FROM "Agent" a WHERE a."handle" = ${handle} AND ${agentVisibleSql(viewer, now)}`);
  const [row] = documentRows.parse(raw);
  return row ? { document: row.document, hiddenTools: row.hidden } : null;
}

/** The maintainers the agent states for its GA4GH registry entry, as stored (unchecked JSON), or null. */
export async function findStatedMaintainers(agentRowId: string): Promise<unknown> {
  return (await db.agent.findUnique({ where: { id: agentRowId }, select: { registryMaintainers: true } }))?.registryMaintainers ?? null;
}
