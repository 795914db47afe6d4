import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/db";
import { forgetSharedResponses, LISTINGS_CHANGED_CHANNEL, listingsPayload, type ListingsWritten } from "@/lib/http/shared-cache-generation";

/**
 * Inside a listing write's transaction: every web server hears of it once it commits (lib/http/listings-changed.ts),
 * with the agents it changed (null: not known, and every server's search index is loaded again).
 */
export function listingsChangedSql(written: ListingsWritten): Prisma.Sql {
  return Prisma.sql`SELECT pg_notify(${LISTINGS_CHANGED_CHANNEL}, ${listingsPayload(written)})`;
}

/** Called by a listing write with each agent whose listings it changed (or may have). */
export type NoteWritten = (agentId: string) => void;

/**
 * A write that changes what listings anyone sees — import, publish, unpublish, suspend, reinstate — in one
 * transaction. When it succeeds (`ok`), every web server forgets the answers it shared with signed-out visitors:
 * this process at once after the commit, the others when the NOTIFY reaches them. A refused write changes
 * nothing and announces nothing, so nobody can empty the caches with writes that fail. The write names each
 * agent it changed with `wrote`: search's index then reads just those agents' listings again, where a write
 * that names none makes every index load everything again. `options` are the transaction's (a large import
 * needs more than Prisma's default 5 s timeout).
 */
export async function writeListings<T extends { ok: boolean }>(
  write: (tx: Prisma.TransactionClient, wrote: NoteWritten) => Promise<T>,
  options?: { timeout?: number; maxWait?: number },
): Promise<T> {
  let agents = new Set<string>();
  const result = await db.$transaction(async (tx) => {
    agents = new Set();
    const done = await write(tx, (agentId) => void agents.add(agentId));
    if (done.ok) await tx.$executeRaw(listingsChangedSql(writtenOf(agents)));
    return done;
  }, options);
  if (result.ok) forgetSharedResponses(writtenOf(agents));
  return result;
}

function writtenOf(agents: Set<string>): ListingsWritten {
  return agents.size > 0 ? [...agents] : null;
}
