import "server-only";
import { db } from "@/lib/foundations/db/client";
import { findOwnedAgentEndpoint } from "@/lib/model/catalog/owned-agents";
import { placeholderOf } from "./endpoint-announcement";

// The publisher's view of an agent's endpoint: as written, announced, and the adapter tokens (never their hashes).

export type EndpointSettings = {
  handle: string;
  displayName: string;
  /** waiting: a ${NAME} not yet announced; announced: answered by an adapter; written: named in the agent.json. */
  state: "waiting" | "announced" | "written";
  endpoint: string;
  placeholder: string | null;
  announcedAt: Date | null;
  tokens: { id: string; label: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }[];
};

export async function findEndpointSettings(ownerId: string, handle: string): Promise<EndpointSettings | null> {
  const agent = await findOwnedAgentEndpoint(ownerId, handle);
  if (!agent) return null;
  const tokens = await db.adapterToken.findMany({
    where: { agentId: agent.rowId },
    select: { id: true, label: true, createdAt: true, lastUsedAt: true, revokedAt: true },
    orderBy: { createdAt: "desc" },
  });
  const state = agent.endpointPending ? "waiting" : agent.announcedFor !== null ? "announced" : "written";
  return {
    handle: agent.handle,
    displayName: agent.displayName,
    state,
    endpoint: agent.endpoint,
    placeholder: placeholderOf(agent),
    announcedAt: agent.announcedAt,
    tokens,
  };
}
