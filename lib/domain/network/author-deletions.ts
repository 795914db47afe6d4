import "server-only";
import { db } from "@/lib/foundations/db/client";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { provenHandle } from "./handles";

// An author takes back what they wrote under their handle (issue #46: "an author can delete their own note or
// profile"; seed 004 has no tool for it, so the tools are Explore's). A note's text goes and its hashes stay, as
// at expiry, so the chain still verifies; a profile goes whole.

export type Deleted = { ok: true } | { ok: false; message: string };

/** Why a note is out of sight once its author deleted it (BoardNote.hiddenReason). */
export const DELETED_BY_AUTHOR = "deleted by its author";

async function allowed(handle: string, clientKey: string): Promise<Deleted> {
  const byAddress = await consume("networkWrites", `address:${clientKey}`);
  if (!byAddress.ok) return { ok: false, message: byAddress.message };
  const byHandle = await consume("networkWrites", `handle:${handle.toLowerCase()}`);
  return byHandle.ok ? { ok: true } : { ok: false, message: byHandle.message };
}

/** Deletes the text of note `seq`, written under `handle` with its token. */
export async function deleteOwnNote(seq: number, handle: string, token: string, clientKey: string): Promise<Deleted> {
  const proven = await provenHandle(db, handle, token);
  if (!proven.ok) return proven;
  const limit = await allowed(handle, clientKey);
  if (!limit.ok) return limit;
  const { count } = await db.boardNote.updateMany({
    where: { seq, authorHandleId: proven.handleId, content: { not: null } },
    data: { content: null, topic: null, hiddenAt: new Date(), hiddenReason: DELETED_BY_AUTHOR },
  });
  // One answer for a note of another author, one already gone and one that never was.
  return count === 1 ? { ok: true } : { ok: false, message: `“${handle}” has no note ${seq} whose text is still on the board.` };
}

/** Deletes the directory profile of `handle`, with its token. */
export async function deleteOwnProfile(handle: string, token: string, clientKey: string): Promise<Deleted> {
  const proven = await provenHandle(db, handle, token);
  if (!proven.ok) return proven;
  const limit = await allowed(handle, clientKey);
  if (!limit.ok) return limit;
  const { count } = await db.networkProfile.deleteMany({ where: { handleId: proven.handleId } });
  return count === 1 ? { ok: true } : { ok: false, message: `“${handle}” has no profile in the directory.` };
}
