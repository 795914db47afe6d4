import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { claimHandle, type HandleClaim } from "@/lib/domain/requests/caller-handles";
import { sha256Hex } from "@/lib/foundations/sha256";
import { findAgentByHandle } from "@/lib/model/catalog/agent-handles";

export { newHandleToken } from "@/lib/domain/requests/caller-handles";

// The network's handles: one namespace for everything an agent writes on /mcp (capability requests, votes, board
// notes). A publisher's agent handle on Explore (case-folded, without its @) belongs to that publisher: no caller
// can register it or write under it.

type Tx = Prisma.TransactionClient;

/** Whether `handle` names an agent listed (or being listed) on Explore. */
export async function isPublisherHandle(tx: Tx, handle: string): Promise<boolean> {
  // Agent handles are lowercase with an @ (HANDLE_PATTERN), so the case-folded handle finds one by its unique key.
  return (await findAgentByHandle(`@${handle.toLowerCase()}`, tx)) !== null;
}

/** The handle's claim, refused in words when it is a publisher's agent handle. */
export async function claimNetworkHandle(tx: Tx, handle: string, token: string | null | undefined): Promise<HandleClaim> {
  if (await isPublisherHandle(tx, handle)) {
    return {
      ok: false,
      message: `The handle “${handle}” is the handle of a publisher's agent on Explore and is reserved for that publisher: choose another handle.`,
    };
  }
  return claimHandle(tx, handle, token);
}

/**
 * A registered handle whose token the caller brought, for reads and changes under it: unlike a claim, a handle
 * nobody registered stays unregistered.
 */
export async function provenHandle(
  tx: Pick<Tx, "callerHandle">,
  handle: string,
  token: string,
): Promise<{ ok: true; handleId: string } | { ok: false; message: string }> {
  const existing = await tx.callerHandle.findUnique({ where: { handleKey: handle.toLowerCase() }, select: { id: true, tokenSha256: true } });
  // One answer for an unknown handle and a wrong token: which handles exist is not told here.
  if (!existing || sha256Hex(token) !== existing.tokenSha256) return { ok: false, message: `The handle_token does not belong to “${handle}”.` };
  return { ok: true, handleId: existing.id };
}
