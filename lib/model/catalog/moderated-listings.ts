import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent, CatalogCapability } from "./read-model";

// Listings as moderation sees them, whatever the visibility rule says (administrators see every listing), and
// moderation's writes to them: suspending a listing and lifting it, each inside moderation's listing write
// (writeListings), which logs the decision in the same transaction.

type Tx = Prisma.TransactionClient;

/** What the moderation queue shows of a listing. */
export type ModeratedListing = Pick<CatalogCapability, "rowId" | "capabilityId" | "name" | "contentRating" | "matureReasons" | "suspension"> & {
  agent: Pick<CatalogAgent, "handle">;
};

const moderatedSelect = {
  id: true,
  capabilityId: true,
  name: true,
  contentRating: true,
  matureReasons: true,
  suspendedAt: true,
  suspendedReason: true,
  agent: { select: { handle: true } },
} satisfies Prisma.CapabilitySelect;

function moderatedOf(row: Prisma.CapabilityGetPayload<{ select: typeof moderatedSelect }>): ModeratedListing {
  return {
    rowId: row.id,
    capabilityId: row.capabilityId,
    name: row.name,
    contentRating: row.contentRating,
    matureReasons: row.matureReasons,
    suspension: row.suspendedAt ? { at: row.suspendedAt, reason: row.suspendedReason } : null,
    agent: { handle: row.agent.handle },
  };
}

/** These listings by row id (in `client`'s transaction when one is given); ids that do not exist are dropped. */
export async function findModeratedListings(rowIds: readonly string[], client: Tx | typeof db = db): Promise<Map<string, ModeratedListing>> {
  if (rowIds.length === 0) return new Map();
  const rows = await client.capability.findMany({ where: { id: { in: [...rowIds] } }, select: moderatedSelect });
  return new Map(rows.map((row) => [row.id, moderatedOf(row)]));
}

/** Listings suspended by moderation, most recently suspended first, at most `limit`. */
export async function findListingsSuspendedByModeration(limit: number): Promise<ModeratedListing[]> {
  const rows = await db.capability.findMany({ where: { suspendedAt: { not: null } }, select: moderatedSelect, orderBy: { suspendedAt: "desc" }, take: limit });
  return rows.map(moderatedOf);
}

/** The agent's listing `capabilityId`, with whether it is suspended already, in the caller's transaction; null when there is none. */
export async function findListingToSuspend(
  tx: Tx,
  handle: string,
  capabilityId: string,
): Promise<(Pick<CatalogCapability, "rowId" | "suspension"> & { agent: Pick<CatalogAgent, "rowId"> }) | null> {
  const row = await tx.capability.findFirst({
    where: { capabilityId, agent: { handle } },
    select: { id: true, agentId: true, suspendedAt: true, suspendedReason: true },
  });
  if (!row) return null;
  return { rowId: row.id, suspension: row.suspendedAt ? { at: row.suspendedAt, reason: row.suspendedReason } : null, agent: { rowId: row.agentId } };
}

/** Suspends the listing now, with the reason its publisher is shown. */
export async function suspendCapability(tx: Tx, rowId: string, reason: string): Promise<void> {
  await tx.capability.update({ where: { id: rowId }, data: { suspendedAt: new Date(), suspendedReason: reason } });
}

/** Lifts the suspension of the agent's listing `capabilityId`: its agent's row id, or null when it was not suspended. */
export async function reinstateCapability(tx: Tx, handle: string, capabilityId: string): Promise<Pick<CatalogAgent, "rowId"> | null> {
  const [row] = await tx.$queryRaw<{ agentId: string }[]>`
      UPDATE "Capability" c SET "suspendedAt" = NULL, "suspendedReason" = NULL, "updatedAt" = now()
      FROM "Agent" a
      WHERE a."id" = c."agentId" AND a."handle" = ${handle} AND c."capabilityId" = ${capabilityId} AND c."suspendedAt" IS NOT NULL
      RETURNING c."agentId"`;
  return row ? { rowId: row.agentId } : null;
}
