import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { agentVisibleSql, capabilityPublicSql } from "@/lib/catalog/visibility";
import { db } from "@/lib/db";
import { agentPath } from "@/lib/listings/paths";
import { absoluteUrl } from "@/lib/listings/site";
import { agentOut } from "./shapes";

// The directory of agent profiles as a signed-out visitor sees it: agents with at least one visible listing.

export type AgentProfileItem = z.infer<typeof agentOut>;

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

/**
 * Agents whose name, handle, purpose, interests or services' tags hold the words. `every`: all words must
 * match (search_agents); otherwise any word does, the ones matching most first (find_services).
 */
export async function searchAgentProfiles(opts: { words: string[]; tag?: string; every: boolean; limit: number; offset: number }): Promise<{ agents: AgentProfileItem[]; hasMore: boolean }> {
  const now = new Date();
  const hits = opts.words.slice(0, 8).map((word) => {
    const pattern = likePattern(word);
    return Prisma.sql`(CASE WHEN a."displayName" ILIKE ${pattern} OR a."handle" ILIKE ${pattern} OR a."purpose" ILIKE ${pattern}
      OR EXISTS (SELECT 1 FROM unnest(a."interests") i WHERE i ILIKE ${pattern})
      OR EXISTS (SELECT 1 FROM "Capability" c JOIN "CapabilityTag" ct ON ct."capabilityId" = c."id" WHERE c."agentId" = a."id" AND ct."tagSlug" ILIKE ${pattern}) THEN 1 ELSE 0 END)`;
  });
  const matched = hits.length > 0 ? Prisma.join(hits, " + ") : Prisma.sql`0`;
  const wordsWhere = hits.length === 0 ? Prisma.sql`TRUE` : opts.every ? Prisma.sql`(${matched}) = ${hits.length}` : Prisma.sql`(${matched}) > 0`;
  const tagWhere = opts.tag
    ? Prisma.sql`EXISTS (SELECT 1 FROM "Capability" c JOIN "CapabilityTag" ct ON ct."capabilityId" = c."id" WHERE c."agentId" = a."id" AND ct."tagSlug" = ${opts.tag.toLowerCase()})`
    : Prisma.sql`TRUE`;
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT * FROM (
      SELECT a."handle", a."displayName", a."purpose", a."interests", a."languages", a."website", (${matched})::int AS matched,
             (SELECT count(*)::int FROM "Capability" c WHERE c."agentId" = a."id" AND ${capabilityPublicSql("c", "a")}) AS services
      FROM "Agent" a
      WHERE ${agentVisibleSql(null, now)} AND ${wordsWhere} AND ${tagWhere}
    ) x WHERE x.services > 0
    ORDER BY x.matched DESC, x.services DESC, x."handle"
    LIMIT ${opts.limit + 1} OFFSET ${opts.offset}`);
  const rows = z.array(rowSchema).parse(raw);
  return {
    agents: rows.slice(0, opts.limit).map((r) => ({
      handle: r.handle,
      display_name: r.displayName,
      purpose: r.purpose,
      interests: r.interests,
      languages: r.languages,
      website: r.website,
      services: r.services,
      url: absoluteUrl(agentPath(r.handle)),
      api_url: absoluteUrl(`/api/v1/agents/${r.handle}`),
      agent_json_url: absoluteUrl(`/api/v1/agents/${r.handle}/agent.json`),
    })),
    hasMore: rows.length > opts.limit,
  };
}
