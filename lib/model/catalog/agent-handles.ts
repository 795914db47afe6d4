import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { CatalogAgent } from "./read-model";

// Agent handles as other namespaces meet them (the network's handles and messages): lowercase with an @
// (HANDLE_PATTERN), so a case-folded handle finds its agent by the unique key.

/** The agent with this handle, or null; read in the caller's transaction, which decides on the answer. */
export async function findAgentByHandle(tx: Prisma.TransactionClient, handle: string): Promise<Pick<CatalogAgent, "rowId"> | null> {
  const agent = await tx.agent.findUnique({ where: { handle }, select: { id: true } });
  return agent ? { rowId: agent.id } : null;
}
