import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { forgetSharedResponses, LISTINGS_CHANGED_CHANNEL } from "@/lib/http/shared-cache-generation";

/** Inside a listing write's transaction: every web server hears of it once it commits (lib/http/listings-changed.ts). */
export const listingsChangedSql = Prisma.sql`SELECT pg_notify(${LISTINGS_CHANGED_CHANNEL}, '')`;

/**
 * A write that changes what listings anyone sees — import, publish, unpublish, suspend, reinstate — in one
 * transaction. When it succeeds (`ok`), every web server forgets the answers it shared with signed-out visitors:
 * this process at once after the commit, the others when the NOTIFY reaches them. A refused write changes
 * nothing and announces nothing, so nobody can empty the caches with writes that fail. `options` are the
 * transaction's (a large import needs more than Prisma's default 5 s timeout).
 */
export async function writeListings<T extends { ok: boolean }>(
  write: (tx: Prisma.TransactionClient) => Promise<T>,
  options?: { timeout?: number; maxWait?: number },
): Promise<T> {
  const result = await db.$transaction(async (tx) => {
    const done = await write(tx);
    if (done.ok) await tx.$executeRaw(listingsChangedSql);
    return done;
  }, options);
  if (result.ok) forgetSharedResponses();
  return result;
}
