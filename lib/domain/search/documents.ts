import "server-only";
import type { Prisma } from "@/generated/prisma/client";

/**
 * Recomputes the search documents (weighted tsvector, limitations vector, trigram words) of these
 * agents' capabilities from their stored rows. The definition is the SQL function
 * explore_refresh_search_documents (prisma/migrations/…_public_search_lexicon): call this in the same
 * transaction as every write that changes a name, summary, category, tags, limitations or the
 * agent's display name or purpose.
 */
export async function refreshSearchDocuments(tx: Prisma.TransactionClient, agentIds: string[]): Promise<void> {
  await tx.$executeRaw`SELECT FROM explore_refresh_search_documents(${agentIds}::text[])`;
}
