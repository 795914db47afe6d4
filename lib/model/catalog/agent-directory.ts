import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { db } from "@/lib/foundations/db/client";
import { agentVisibleSql, capabilityVisibleSql } from "./visibility";

// The directory of agent profiles: agents with at least one listing the viewer may see, found by their own
// words and by the tags of those listings only — never by a listing the viewer may not see (unpublished,
// suspended, unoffered, or 18+ for someone without it), so a hidden listing cannot make its agent answer.

export type DirectoryAgent = {
  handle: string;
  displayName: string;
  purpose: string;
  interests: string[];
  languages: string[];
  website: string | null;
  /** How many listings of the agent the viewer may see. */
  services: number;
  /** How many of the words the agent matched. */
  matched: number;
};

const rowSchema = z.object({
  handle: z.string(),
  displayName: z.string(),
  purpose: z.string(),
  interests: z.array(z.string()),
  languages: z.array(z.string()),
  website: z.string().nullable(),
  services: z.number().int(),
  matched: z.number().int(),
});

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type DirectoryQuery = {
  /** Words matched against the name, handle, purpose, interests and visible listings' tags (at most 8 used). */
  words: string[];
  /** A tag one of the agent's visible listings carries. */
  tag?: string;
  /** The fewest words an agent must match (all of them for a search, fewer for a need). */
  minMatched: number;
  limit: number;
  offset: number;
};

/** Agents in the directory for this viewer, the ones matching most words first. */
export async function findDirectoryAgents(viewer: Viewer | null, q: DirectoryQuery, now = new Date()): Promise<{ agents: DirectoryAgent[]; hasMore: boolean }> {
  const visible = capabilityVisibleSql(viewer, now, "c", "a");
  const visibleTag = (condition: Prisma.Sql) =>
    Prisma.sql`EXISTS (SELECT 1 FROM "Capability" c JOIN "CapabilityTag" ct ON ct."capabilityId" = c."id" WHERE c."agentId" = a."id" AND ${visible} AND ${condition})`;
  const hits = q.words.slice(0, 8).map((word) => {
    const pattern = likePattern(word);
    return Prisma.sql`(CASE WHEN a."displayName" ILIKE ${pattern} OR a."handle" ILIKE ${pattern} OR a."purpose" ILIKE ${pattern}
      OR EXISTS (SELECT 1 FROM unnest(a."interests") i WHERE i ILIKE ${pattern})
      OR ${visibleTag(Prisma.sql`ct."tagSlug" ILIKE ${pattern}`)} THEN 1 ELSE 0 END)`;
  });
  const matched = hits.length > 0 ? Prisma.join(hits, " + ") : Prisma.sql`0`;
  const tagWhere = q.tag ? visibleTag(Prisma.sql`ct."tagSlug" = ${q.tag.toLowerCase()}`) : Prisma.sql`TRUE`;
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT * FROM (
      SELECT a."handle", a."displayName", a."purpose", a."interests", a."languages", a."website", (${matched})::int AS matched,
             (SELECT count(*)::int FROM "Capability" c WHERE c."agentId" = a."id" AND ${visible}) AS services
      FROM "Agent" a
      WHERE ${agentVisibleSql(viewer, now)} AND ${tagWhere}
    ) x WHERE x.services > 0 AND x.matched >= ${Math.min(q.minMatched, hits.length)}
    ORDER BY x.matched DESC, x.services DESC, x."handle"
    LIMIT ${q.limit + 1} OFFSET ${q.offset}`);
  const rows = z.array(rowSchema).parse(raw);
  return { agents: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}
