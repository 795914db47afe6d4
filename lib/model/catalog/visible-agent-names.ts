import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { CatalogAgent } from "./read-model";
import { agentVisibleSql } from "./visibility";

// Agents named beside what other rooms keep about them (a purchase), for the viewer who may see their pages.

const namedRows = z.array(z.object({ id: z.string(), handle: z.string(), displayName: z.string() }));

/** Of these agents, the ones whose page this viewer may see, with their handle and name, by row id. */
export async function findVisibleAgentNames(
  viewer: Viewer | null,
  agentIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, Pick<CatalogAgent, "handle" | "displayName">>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT a."id", a."handle", a."displayName" FROM "Agent" a WHERE a."id" = ANY(${[...agentIds]}::text[]) AND ${agentVisibleSql(viewer, now)}`);
  return new Map(namedRows.parse(rows).map((r) => [r.id, { handle: r.handle, displayName: r.displayName }]));
}
