import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent } from "./read-model";
import { capabilityPublicSql } from "./visibility";

// What the MCP Registry API (lib/edges/registry-api) reads: the record of servers ever served (registry-servers.ts)
// joined to the agent, judged again through the visibility rule, so a row the last write left "served" whose agent a
// signed-out visitor cannot see now reads as not visible, and its agent's words are not read at all.

const rowSchema = z.array(
  z.object({
    handle: z.string(),
    version: z.string(),
    publishedAt: z.date(),
    updatedAt: z.date(),
    deletedAt: z.date().nullable(),
    visible: z.boolean(),
    displayName: z.string().nullable(),
    purpose: z.string().nullable(),
  }),
);

/** A record of a served server; the agent's words only while it is visible (null otherwise). */
export type RegistryServerRow = { handle: string; version: string; publishedAt: Date; updatedAt: Date; deletedAt: Date | null; visible: boolean } & {
  [K in "displayName" | "purpose"]: CatalogAgent[K] | null;
};

/** Whether the row's agent is a server now: the record says so and the visibility rule agrees. */
const VISIBLE = Prisma.sql`(r."deletedAt" IS NULL AND a."id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "Capability" c WHERE c."agentId" = a."id" AND ${capabilityPublicSql("c", "a")}))`;

/**
 * Records matching every condition of `where` (SQL over "RegistryServer" aliased `r`), only the visible ones when
 * `visibleOnly`, in handle order (bytewise), at most `limit`.
 */
export async function findRegistryServerRows(filter: { visibleOnly: boolean; where: Prisma.Sql[] }, limit: number): Promise<RegistryServerRow[]> {
  const where = [...(filter.visibleOnly ? [VISIBLE] : []), ...filter.where];
  // Only the columns a server.json shows are read, and only for a server that is visible (CASE): a deleted one's
  // details never leave the database.
  return rowSchema.parse(
    await db.$queryRaw(Prisma.sql`
      SELECT r."handle", r."version", r."publishedAt", r."updatedAt", r."deletedAt", ${VISIBLE} AS "visible",
             CASE WHEN ${VISIBLE} THEN a."displayName" END AS "displayName",
             CASE WHEN ${VISIBLE} THEN a."purpose" END AS "purpose"
      FROM "RegistryServer" r
      LEFT JOIN "Agent" a ON a."id" = r."agentId" AND a."handle" = r."handle"
      WHERE ${where.length > 0 ? Prisma.join(where, " AND ") : Prisma.sql`TRUE`}
      ORDER BY r."handle" COLLATE "C"
      LIMIT ${limit}`),
  );
}
