import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/foundations/db/client";
import { listTools } from "@/lib/domain/adapters/mcp-call";
import { publisherFetch } from "@/lib/domain/adapters/publisher-fetch";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { findAgentEndpointFacts, recordAnnouncedEndpoint } from "@/lib/model/catalog/agent-writes";
import { announcementSchema } from "./announcement-schema";

// DESIGN.md rule 2: an agent whose endpoint is still a ${NAME} waits for its adapter. The adapter announces
// where it listens with a token its publisher made (shown once, kept as a hash), and Explore checks the
// endpoint — initialize and tools/list through the guarded fetch, every tool the agent's services call
// present — before the listings become runnable.

const TOKEN_PREFIX = "eat_";
const CHECK_DEADLINE_MS = 15_000;

export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new adapter token: the plain text to show once, and the hash to keep. */
export function newAdapterToken(): { token: string; sha256: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, sha256: tokenHash(token) };
}

/** The ${NAME} an adapter announces for: the one still waiting, or the one it answered before; null when the agent.json names its endpoint. */
export function placeholderOf(agent: { endpointPending: boolean; endpoint: string; announcedFor: string | null }): string | null {
  return agent.endpointPending ? agent.endpoint : agent.announcedFor;
}

export type Announcement = { status: 200; endpoint: string; announcedAt: Date; tools: string[] } | { status: 400 | 401 | 404 | 409 | 422; message: string };

function bearer(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "");
  return match?.[1] ?? null;
}

/** Checks the token, the agent and the endpoint, then records the endpoint: the agent's listings become runnable. */
export async function announceEndpoint(
  handle: string | null,
  authorization: string | null,
  body: unknown,
  deps: { fetch?: typeof fetch; now?: Date } = {},
): Promise<Announcement> {
  const token = bearer(authorization);
  if (!token) return { status: 401, message: "Send the adapter token as Authorization: Bearer <token> (the publisher makes one in the dashboard)." };
  const agent = handle ? await findAgentEndpointFacts(handle) : null;
  // One answer for an unknown agent and a wrong token, so a token cannot be used to learn which agents exist.
  const held = agent
    ? await db.adapterToken.findFirst({ where: { agentId: agent.rowId, tokenSha256: tokenHash(token), revokedAt: null }, select: { id: true } })
    : null;
  if (!agent || !held) return { status: 401, message: "This token is not a live adapter token of this agent." };
  const placeholder = placeholderOf(agent);
  if (placeholder === null) return { status: 409, message: "This agent's agent.json names its endpoint itself; announce only replaces a ${NAME} placeholder." };
  const parsed = announcementSchema.safeParse(body);
  if (!parsed.success) return { status: 400, message: `endpoint: ${parsed.error.issues[0]?.message ?? "is required"}` };
  const endpoint = parsed.data.endpoint;

  const listed = await listTools({ endpoint, deadlineMs: CHECK_DEADLINE_MS, fetch: deps.fetch ?? publisherFetch() });
  if (listed.status !== "succeeded") return { status: 422, message: `The endpoint did not answer initialize and tools/list: ${listed.message}` };
  const offered = new Set(listed.tools.map((t) => t.name));
  const missing = [...new Set(agent.tools)].filter((tool) => !offered.has(tool));
  if (missing.length > 0)
    return { status: 422, message: `The endpoint does not offer ${missing.map((t) => `"${t}"`).join(", ")}, which this agent's services call.` };

  const now = deps.now ?? new Date();
  await writeListings(async (tx, wrote) => {
    wrote(agent.rowId);
    await recordAnnouncedEndpoint(tx, agent.rowId, { endpoint, placeholder, at: now });
    await tx.adapterToken.update({ where: { id: held.id }, data: { lastUsedAt: now } });
    return { ok: true };
  });
  return { status: 200, endpoint, announcedAt: now, tools: [...offered].sort() };
}
