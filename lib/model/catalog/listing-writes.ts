import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { noteListingsWritten, LISTINGS_CHANGED_CHANNEL, listingsPayload, type ListingsWritten } from "@/lib/model/catalog/listing-changes";
import { recordRegistryServers } from "@/lib/model/catalog/registry-servers";

/**
 * Inside a listing write's transaction: every process listening hears of it once it commits (listing-change-listener.ts;
 * the worker's cache purger),
 * with the agents it changed (null: not known, and every server's search index is loaded again).
 */
export function listingsChangedSql(written: ListingsWritten): Prisma.Sql {
  return Prisma.sql`SELECT pg_notify(${LISTINGS_CHANGED_CHANNEL}, ${listingsPayload(written)})`;
}

/** Called by a listing write with each agent whose listings it changed (or may have). */
export type NoteWritten = (agentId: string) => void;

/**
 * A write that changes what listings anyone sees — import, publish, unpublish, suspend, reinstate — in one
 * transaction. When it succeeds (`ok`), every web process moves its listings' generation (this one at once after the
 * commit, the others when the NOTIFY reaches them) and the HTTP cache in front forgets the written agents' pages. A refused write changes
 * nothing and announces nothing, so nobody can empty the caches with writes that fail. The write names each
 * agent it changed with `wrote`: search's index then reads just those agents' listings again, where a write
 * that names none makes every index load everything again. The MCP Registry API's record of the servers it has
 * served (lib/model/catalog/registry-servers.ts) is brought up to date for the same agents inside the transaction. `options` are the transaction's (a large import
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
    if (done.ok) {
      // The MCP Registry API's record of what it served, in the same transaction: a deletion is never missed.
      await recordRegistryServers(tx, writtenOf(agents));
      await tx.$executeRaw(listingsChangedSql(writtenOf(agents)));
    }
    return done;
  }, options);
  if (result.ok) noteListingsWritten(writtenOf(agents));
  return result;
}

function writtenOf(agents: Set<string>): ListingsWritten {
  return agents.size > 0 ? [...agents] : null;
}
