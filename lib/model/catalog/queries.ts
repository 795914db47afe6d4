import "server-only";
import { cache } from "react";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { CardListing, CatalogAgent, CatalogCapability } from "./read-model";
import { agentFromRow, cardColumns, cardFromRow, cardRowSchema, fromRows, listingRowSchema, readColumns } from "./rows";
import { agentVisibleSql, capabilityPublicSql, capabilityVisibleSql, hiddenMatureSql } from "./visibility";

// The catalog's reads. Each one is a single statement returning the one read model (for cards, the part of it a
// card shows), filtered by THE visibility rule (lib/model/catalog/visibility.ts), except the one for a viewer's own
// execution, which says so.

function objectSql(alias: string, columns: readonly string[]): Prisma.Sql {
  return Prisma.raw(`jsonb_build_object(${columns.map((name) => `'${name}', ${alias}."${name}"`).join(", ")})`);
}

const plansSql = Prisma.sql`COALESCE((SELECT jsonb_agg(${objectSql("p", readColumns.plan)} ORDER BY p."position") FROM "Plan" p WHERE p."capabilityId" = c."id"), '[]'::jsonb) AS "plans"`;

const listingSelect = Prisma.sql`
  ${objectSql("c", readColumns.capability)} AS "capability",
  ${objectSql("a", readColumns.agent)} AS "agent",
  ${plansSql},
  COALESCE((SELECT jsonb_agg(jsonb_build_object('slug', t."slug", 'label', t."label") ORDER BY ct."position")
            FROM "CapabilityTag" ct JOIN "Tag" t ON t."slug" = ct."tagSlug" WHERE ct."capabilityId" = c."id"), '[]'::jsonb) AS "tags",
  ${capabilityPublicSql()} AS "isPublic"`;

async function readListings(where: Prisma.Sql, order: Prisma.Sql = Prisma.sql`c."position"`, page?: { limit: number; offset: number }) {
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT ${listingSelect}
    FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
    WHERE ${where}
    ORDER BY ${order}
    ${page ? Prisma.sql`LIMIT ${page.limit} OFFSET ${page.offset}` : Prisma.empty}`);
  return z.array(listingRowSchema).parse(raw).map(fromRows);
}

/** One listing, or null when it does not exist for this viewer. Read once per request, whoever asks. */
export const findListing = cache(async (viewer: Viewer | null, handle: string, capabilityId: string): Promise<CatalogCapability | null> => {
  const [listing] = await readListings(Prisma.sql`a."handle" = ${handle} AND c."capabilityId" = ${capabilityId} AND ${capabilityVisibleSql(viewer)}`);
  return listing ?? null;
});

/** Visible listings by row id (ids that are not visible are dropped). */
export async function findListingsByRowIds(viewer: Viewer | null, rowIds: readonly string[], now = new Date()): Promise<Map<string, CatalogCapability>> {
  if (rowIds.length === 0) return new Map();
  const listings = await readListings(Prisma.sql`c."id" = ANY(${[...rowIds]}::text[]) AND ${capabilityVisibleSql(viewer, now)}`);
  return new Map(listings.map((l) => [l.rowId, l]));
}

/**
 * Visible listings by row id as their cards show them (ids that are not visible are dropped): the few columns a
 * card shows, for a page of many cards (search), where whole listings made the slowest of its reads.
 */
export async function findCardsByRowIds(viewer: Viewer | null, rowIds: readonly string[], now = new Date()): Promise<Map<string, CardListing>> {
  if (rowIds.length === 0) return new Map();
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT ${objectSql("c", cardColumns.capability)} AS "capability", ${objectSql("a", cardColumns.agent)} AS "agent", ${plansSql}
    FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
    WHERE c."id" = ANY(${[...rowIds]}::text[]) AND ${capabilityVisibleSql(viewer, now)}`);
  return new Map(
    z
      .array(cardRowSchema)
      .parse(raw)
      .map((row) => [row.capability.id, cardFromRow(row)]),
  );
}

const agentRowsSchema = z.array(z.object({ agent: listingRowSchema.shape.agent, isPublic: z.boolean() }));

export type AgentWithListings = {
  agent: CatalogAgent;
  /** In agent.json order: the ones this viewer may see. */
  listings: CatalogCapability[];
  /** The page exists for a signed-out visitor too (only then is it indexed and described). */
  isPublic: boolean;
};

/** An agent whose page exists for this viewer, with the listings they may see, or null. */
export const findAgentWithListings = cache(async (viewer: Viewer | null, handle: string): Promise<AgentWithListings | null> => {
  const [agents, listings] = await Promise.all([
    db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT ${objectSql("a", readColumns.agent)} AS "agent", ${agentVisibleSql(null)} AS "isPublic" FROM "Agent" a
      WHERE a."handle" = ${handle} AND ${agentVisibleSql(viewer)}`),
    readListings(Prisma.sql`a."handle" = ${handle} AND ${capabilityVisibleSql(viewer)}`),
  ]);
  const [row] = agentRowsSchema.parse(agents);
  return row ? { agent: agentFromRow(row.agent), listings, isPublic: row.isPublic } : null;
});

/** Whether this user publishes any agent (their view of the catalog then includes what only they see). */
export const ownsAnyAgent = cache(async (userId: string): Promise<boolean> => {
  return (await db.agent.findFirst({ where: { ownerId: userId }, select: { id: true } })) !== null;
});

/**
 * A listing by its row id whatever the visibility rule says: only for one the viewer already ran (their
 * execution's), where every action re-checks what it needs (a repeat reads it again through the rule).
 */
export async function findListingOfExecution(rowId: string): Promise<CatalogCapability | null> {
  const [listing] = await readListings(Prisma.sql`c."id" = ${rowId}`);
  return listing ?? null;
}

/**
 * "N results hidden by your 18+ setting": how many mature listings matching `where` (SQL over `c` and `a`)
 * a signed-in adult with 18+ off would see with it on; 0 for everyone else (they are never told).
 */
export async function countHiddenMature(viewer: Viewer | null, where: Prisma.Sql = Prisma.sql`TRUE`, now = new Date()): Promise<number> {
  const hidden = hiddenMatureSql(viewer, now);
  if (!hidden) return 0;
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT count(*)::int AS n FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId" WHERE ${hidden} AND ${where}`);
  return z.array(z.object({ n: z.number().int() })).parse(raw)[0]?.n ?? 0;
}

export type SitemapEntries = {
  services: { handle: string; capabilityId: string; updatedAt: Date }[];
  agents: { handle: string; updatedAt: Date }[];
};

const sitemapSchema = z.array(z.object({ handle: z.string(), capabilityId: z.string().nullable(), updatedAt: z.date() }));

/** What sitemap.xml lists: only what a signed-out visitor may see, most recently changed first. */
export async function findPublicSitemapEntries(limit: number): Promise<SitemapEntries> {
  const [services, agents] = await Promise.all([
    db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT a."handle", c."capabilityId", c."updatedAt" FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
      WHERE ${capabilityPublicSql()} ORDER BY c."updatedAt" DESC, c."id" ASC LIMIT ${limit}`),
    db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT a."handle", NULL::text AS "capabilityId", a."updatedAt" FROM "Agent" a
      WHERE ${agentVisibleSql(null)} ORDER BY a."updatedAt" DESC, a."id" ASC LIMIT ${limit}`),
  ]);
  return {
    services: sitemapSchema
      .parse(services)
      .flatMap((s) => (s.capabilityId ? [{ handle: s.handle, capabilityId: s.capabilityId, updatedAt: s.updatedAt }] : [])),
    agents: sitemapSchema.parse(agents).map((a) => ({ handle: a.handle, updatedAt: a.updatedAt })),
  };
}
