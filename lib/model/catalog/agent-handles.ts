import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent } from "./read-model";

// An agent by its handle, as other rooms meet it (the network's handles and messages, a Stripe event, the demo seed):
// lowercase with an @ (HANDLE_PATTERN), so a case-folded handle finds its agent by the unique key.

/** The agent with this handle, whoever owns it and whatever its status, or null; in the caller's transaction when it passes one. */
export async function findAgentByHandle(handle: string, client: Pick<typeof db, "agent"> = db): Promise<Pick<CatalogAgent, "rowId"> | null> {
  const agent = await client.agent.findUnique({ where: { handle }, select: { id: true } });
  return agent ? { rowId: agent.id } : null;
}
