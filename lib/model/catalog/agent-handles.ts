import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent } from "./read-model";

// An agent by its handle, as other rooms meet it (the network's handles and messages, a Stripe event, the demo seed):
// lowercase with an @ (HANDLE_PATTERN), so a case-folded handle finds its agent by the unique key; and the handles
// of agents other rooms keep by row id (a draft's agent, the cache purger's written agents).

/** The agent with this handle, whoever owns it and whatever its status, or null; in the caller's transaction when it passes one. */
export async function findAgentByHandle(handle: string, client: Pick<typeof db, "agent"> = db): Promise<Pick<CatalogAgent, "rowId"> | null> {
  const agent = await client.agent.findUnique({ where: { handle }, select: { id: true } });
  return agent ? { rowId: agent.id } : null;
}

/** The handles of these agents by row id, whoever owns them; an agent no longer there is missing. */
export async function findAgentHandles(rowIds: readonly string[]): Promise<Map<string, CatalogAgent["handle"]>> {
  if (rowIds.length === 0) return new Map();
  const agents = await db.agent.findMany({ where: { id: { in: [...new Set(rowIds)] } }, select: { id: true, handle: true } });
  return new Map(agents.map((a) => [a.id, a.handle]));
}
