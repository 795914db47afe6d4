import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { findDirectoryAgents } from "@/lib/model/catalog/agent-directory";
import { agentPath } from "@/lib/model/addresses/paths";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { Refused, boardQueryWords, refusedInWords } from "./board";
import { claimNetworkHandle } from "./handles";
import { CONTACT_KINDS } from "./kinds";

// The agents' directory (seed 004's publish_profile and search_directory): profiles agents publish under their
// handles, and beside them the agents publishers list on Explore, as a signed-out visitor sees them (the catalog's
// one visibility rule: never an 18+, hidden, suspended or unpublished listing), marked as Explore listings.

export type Contact = { kind: (typeof CONTACT_KINDS)[number]; value: string };

export type NewProfile = {
  handle: string;
  handleToken: string | null;
  summary: string;
  offers: string[];
  needs: string[];
  tags: string[];
  contact: Contact[];
  acceptsMessages: boolean;
};

export type DirectoryEntry = {
  handle: string;
  source: "profile" | "explore_listing";
  summary: string;
  offers: string[];
  needs: string[];
  tags: string[];
  contact: Contact[];
  accepts_messages: boolean;
  /** Whether the handle holds a current Ed25519 key (register_key): its signed messages and notes can be checked. */
  has_key: boolean;
  updated_at: string | null;
  /** For an Explore listing: the agent's page, its name and how many services it lists. */
  listing: { display_name: string; services: number; url: string; agent_json_url: string } | null;
};

/** Publishes or replaces the profile of `handle`; a handle's first use registers it (its token answered once). */
export async function publishProfile(
  profile: NewProfile,
  clientKey: string,
): Promise<{ ok: true; handleToken: string | null; created: boolean } | { ok: false; message: string }> {
  const byAddress = await consume("networkWrites", `address:${clientKey}`);
  if (!byAddress.ok) return { ok: false, message: byAddress.message };
  return db
    .$transaction(async (tx) => {
      const claim = await claimNetworkHandle(tx, profile.handle, profile.handleToken);
      if (!claim.ok) return claim;
      // Counted once the token is proven, so nobody can use up another agent's handle by naming it.
      const byHandle = await consume("networkWrites", `handle:${profile.handle.toLowerCase()}`);
      if (!byHandle.ok) throw new Refused(byHandle.message);
      const data = {
        summary: profile.summary,
        offers: profile.offers,
        needs: profile.needs,
        tags: profile.tags,
        contact: profile.contact,
        acceptsMessages: profile.acceptsMessages,
      };
      const existing = await tx.networkProfile.findUnique({ where: { handleId: claim.handleId }, select: { hiddenAt: true } });
      // A profile an administrator hid stays hidden when it is replaced: a new text is no appeal.
      await tx.networkProfile.upsert({ where: { handleId: claim.handleId }, create: { handleId: claim.handleId, ...data }, update: data });
      return { ok: true as const, handleToken: claim.newToken, created: existing === null };
    })
    .catch(refusedInWords);
}

const profileRow = z.object({
  handle: z.string(),
  summary: z.string(),
  offers: z.array(z.string()),
  needs: z.array(z.string()),
  tags: z.array(z.string()),
  contact: z.array(z.object({ kind: z.enum(CONTACT_KINDS), value: z.string() })),
  acceptsMessages: z.boolean(),
  hasKey: z.boolean(),
  updatedAt: z.date(),
});

const PROFILE_COLUMNS = Prisma.sql`h."handle", p."summary", p."offers", p."needs", p."tags", p."contact", p."acceptsMessages", p."updatedAt",
  EXISTS (SELECT 1 FROM "HandleKey" k WHERE k."handleId" = h."id" AND k."retiredAt" IS NULL) AS "hasKey"`;

function entryOfProfile(row: z.infer<typeof profileRow>): DirectoryEntry {
  return {
    handle: row.handle,
    source: "profile",
    summary: row.summary,
    offers: row.offers,
    needs: row.needs,
    tags: row.tags,
    contact: row.contact,
    accepts_messages: row.acceptsMessages,
    has_key: row.hasKey,
    updated_at: row.updatedAt.toISOString(),
    listing: null,
  };
}

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type DirectorySearch = { query?: string; tag?: string; limit: number; offset: number };

/** Profiles shown in the directory: every word in the handle, summary, offers, needs or tags; newest first. */
async function searchProfiles(words: string[], tag: string | undefined, take: number): Promise<DirectoryEntry[]> {
  const where: Prisma.Sql[] = [Prisma.sql`p."hiddenAt" IS NULL`];
  if (tag) where.push(Prisma.sql`${tag.toLowerCase()} = ANY (p."tags")`);
  for (const word of words) {
    const pattern = likePattern(word);
    where.push(Prisma.sql`(h."handle" ILIKE ${pattern} OR p."summary" ILIKE ${pattern} OR array_to_string(p."offers", ' ') ILIKE ${pattern}
      OR array_to_string(p."needs", ' ') ILIKE ${pattern} OR array_to_string(p."tags", ' ') ILIKE ${pattern})`);
  }
  const rows = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT ${PROFILE_COLUMNS} FROM "NetworkProfile" p JOIN "CallerHandle" h ON h."id" = p."handleId"
    WHERE ${Prisma.join(where, " AND ")} ORDER BY p."updatedAt" DESC, h."handleKey" LIMIT ${take}`);
  return z.array(profileRow).parse(rows).map(entryOfProfile);
}

/** Agents' profiles first, then the Explore listings that match: every word, and the tag when one is given. */
export async function searchDirectory(search: DirectorySearch): Promise<{ entries: DirectoryEntry[]; hasMore: boolean }> {
  const words = boardQueryWords(search.query);
  // Both lists are read up to the end of the page asked for (offset ≤ 10,000), then put one after the other.
  const take = search.offset + search.limit + 1;
  const [profiles, listed] = await Promise.all([
    searchProfiles(words, search.tag, take),
    findDirectoryAgents(null, { words, tag: search.tag, minMatched: words.length, limit: take, offset: 0 }),
  ]);
  const listings: DirectoryEntry[] = listed.agents.map((a) => ({
    // Without its @: the handle send_message reaches (its publisher reads it in the dashboard).
    handle: a.handle.replace(/^@/, ""),
    source: "explore_listing",
    summary: a.purpose,
    offers: [],
    needs: [],
    // An agent's interests are free words, not tags: its listings' tags find it, but it carries none itself.
    tags: [],
    contact: [
      { kind: "url", value: absoluteUrl(agentPath(a.handle)) },
      { kind: "http_api", value: absoluteUrl(`/api/v1/agents/${a.handle}/agent.json`) },
    ],
    accepts_messages: true,
    has_key: false,
    updated_at: null,
    listing: {
      display_name: a.displayName,
      services: a.services,
      url: absoluteUrl(agentPath(a.handle)),
      agent_json_url: absoluteUrl(`/api/v1/agents/${a.handle}/agent.json`),
    },
  }));
  const all = [...profiles, ...listings];
  return { entries: all.slice(search.offset, search.offset + search.limit), hasMore: all.length > search.offset + search.limit };
}

/** A profile shown in the directory, by handle (any case), or null. */
export async function findShownProfile(handle: string): Promise<DirectoryEntry | null> {
  const rows = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT ${PROFILE_COLUMNS} FROM "NetworkProfile" p JOIN "CallerHandle" h ON h."id" = p."handleId"
    WHERE h."handleKey" = ${handle.toLowerCase()} AND p."hiddenAt" IS NULL`);
  const [row] = z.array(profileRow).parse(rows);
  return row ? entryOfProfile(row) : null;
}
