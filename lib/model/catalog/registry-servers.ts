import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { capabilityPublicSql } from "@/lib/model/catalog/visibility";

// The registry's memory of what it has served (table RegistryServer), kept inside every listing write's
// transaction (lib/model/catalog/listing-writes.ts), the one place where anything that changes what a signed-out visitor
// sees passes — import, publish, unpublish, offer, withdraw, suspend, reinstate, delete. Why a table and not a query
// over existing ones: "this handle was public once and is not now" is not in them. Versions do not record
// suspensions or ratings, a deleted agent leaves only DeletedAgent (which knows nothing of whether it was ever
// public), and deriving it from moderation decisions and versions together would be a second statement of the
// visibility rule. Here the rule is asked once per write, through its own SQL (capabilityPublicSql): an agent is a
// server while at least one of its services is a listing a signed-out visitor sees (which also makes its page
// visible: explore_agent_visible admits a published agent with a general listing).
//
// Written in the transaction, not by the listener of the NOTIFY: a process that misses a notification (a gap)
// would otherwise miss a deletion, and a deletion must reach `updated_since` clients.

type Tx = Prisma.TransactionClient;

/**
 * Brings RegistryServer up to date for the agents a listing write changed (null: not known, so every agent and every
 * row is checked). `now` is the write's moment: what was changed gets it as `updatedAt`.
 */
export async function recordRegistryServers(tx: Tx, agentIds: readonly string[] | null, now: Date = new Date()): Promise<void> {
  const agents = agentIds === null ? Prisma.sql`TRUE` : Prisma.sql`a."id" = ANY(${[...agentIds]}::text[])`;
  const rows = agentIds === null ? Prisma.sql`TRUE` : Prisma.sql`r."agentId" = ANY(${[...agentIds]}::text[])`;
  // Served now: insert, or refresh what changed. A row keeps its `updatedAt` when nothing it shows changed (a
  // write that touched only a service's price, say), so `updated_since` answers only what a client must copy again.
  await tx.$executeRaw(Prisma.sql`
    INSERT INTO "RegistryServer" ("handle", "agentId", "version", "fingerprint", "publishedAt", "updatedAt", "deletedAt")
    SELECT a."handle", a."id", v."version",
           encode(sha256(convert_to(concat_ws(chr(31), a."displayName", a."purpose", v."version"), 'UTF8')), 'hex'),
           ${now}, ${now}, NULL
    FROM "Agent" a
    CROSS JOIN LATERAL (
      SELECT coalesce(max(av."number"), 1)::text AS "version" FROM "AgentVersion" av WHERE av."agentId" = a."id" AND av."published"
    ) v
    WHERE ${agents} AND EXISTS (SELECT 1 FROM "Capability" c WHERE c."agentId" = a."id" AND ${capabilityPublicSql("c", "a")})
    ON CONFLICT ("handle") DO UPDATE SET
      "agentId" = EXCLUDED."agentId",
      "version" = EXCLUDED."version",
      "fingerprint" = EXCLUDED."fingerprint",
      "deletedAt" = NULL,
      "updatedAt" = CASE
        WHEN "RegistryServer"."deletedAt" IS NOT NULL OR "RegistryServer"."fingerprint" <> EXCLUDED."fingerprint" THEN EXCLUDED."updatedAt"
        ELSE "RegistryServer"."updatedAt"
      END`);
  // Served before, not now (or its agent is gone): deleted, from this moment. Its version stays the one last served.
  await tx.$executeRaw(Prisma.sql`
    UPDATE "RegistryServer" r SET "deletedAt" = ${now}, "updatedAt" = ${now}
    WHERE ${rows} AND r."deletedAt" IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM "Agent" a JOIN "Capability" c ON c."agentId" = a."id"
        WHERE a."id" = r."agentId" AND a."handle" = r."handle" AND ${capabilityPublicSql("c", "a")}
      )`);
}
