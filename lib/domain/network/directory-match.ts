import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { findShownProfile, type DirectoryEntry } from "./directory";

// Agents' directory profiles for a need (find_services): a shown profile is counted by how many of the need's words
// begin a word of its handle, summary, offers, needs or tags, as board-match.ts counts notes. The agents publishers
// list on Explore are matched by the catalog's own directory (lib/edges/agent-mcp/agent-directory.ts), not here.

export type ProfileMatch = { profile: DirectoryEntry; matched: string[] };

const hitRow = z.object({ handle: z.string(), hits: z.array(z.boolean()) });

/** Shown profiles that at least `floor` of `words` find, most words first, then the latest updated. */
export async function profilesForNeed(words: readonly string[], floor: number, limit: number): Promise<ProfileMatch[]> {
  if (words.length === 0) return [];
  const tests = words.map((word) => {
    const pattern = `\\m${word.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`)}`;
    return Prisma.sql`(h."handle" ~* ${pattern} OR p."summary" ~* ${pattern} OR array_to_string(p."offers", ' ') ~* ${pattern}
      OR array_to_string(p."needs", ' ') ~* ${pattern} OR array_to_string(p."tags", ' ') ~* ${pattern})`;
  });
  const rows = z.array(hitRow).parse(
    await db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT handle, hits FROM (
        SELECT h."handle" AS handle, p."updatedAt" AS updated, ARRAY[${Prisma.join(tests)}] AS hits
        FROM "NetworkProfile" p JOIN "CallerHandle" h ON h."id" = p."handleId"
        WHERE p."hiddenAt" IS NULL
      ) m
      WHERE (SELECT count(*) FROM unnest(m.hits) x WHERE x) >= ${floor}
      ORDER BY (SELECT count(*) FROM unnest(m.hits) x WHERE x) DESC, updated DESC
      LIMIT ${limit}`),
  );
  const found = await Promise.all(rows.map(async (row) => ({ profile: await findShownProfile(row.handle), matched: words.filter((_, i) => row.hits[i]) })));
  // A profile hidden or deleted between the two reads is left out.
  return found.filter((m): m is ProfileMatch => m.profile !== null);
}
