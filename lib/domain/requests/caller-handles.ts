import "server-only";
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { sha256Hex } from "@/lib/foundations/sha256";

// Handles agents use on /mcp (seed 004): the first use of a handle registers it and answers a token, shown
// once and kept as its SHA-256; every later use must bring the token. One handle whatever its case.

type Tx = Prisma.TransactionClient;

export type HandleClaim = { ok: true; handleId: string; newToken: string | null } | { ok: false; message: string };

const TOKEN_PREFIX = "eht_";

/** A new handle_token (its SHA-256 is what is kept). */
export function newHandleToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export async function claimHandle(tx: Tx, handle: string, token: string | null | undefined): Promise<HandleClaim> {
  const handleKey = handle.toLowerCase();
  const existing = await tx.callerHandle.findUnique({ where: { handleKey }, select: { id: true, tokenSha256: true } });
  if (existing) {
    if (!token) return { ok: false, message: `The handle “${handle}” is registered: send its handle_token.` };
    if (sha256Hex(token) !== existing.tokenSha256) return { ok: false, message: `The handle_token does not belong to “${handle}”.` };
    return { ok: true, handleId: existing.id, newToken: null };
  }
  const newToken = newHandleToken();
  // Two first uses at once: the unique key lets one in; the other fails and is asked to try again.
  const created = await tx.callerHandle.create({ data: { handle, handleKey, tokenSha256: sha256Hex(newToken) }, select: { id: true } });
  return { ok: true, handleId: created.id, newToken };
}
