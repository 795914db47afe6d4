import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/foundations/db/client";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { sha256Hex } from "@/lib/foundations/sha256";
import { boardInstanceId } from "./board";
import { newHandleToken } from "./handles";
import { rawSignatureHolds } from "./signatures";

// Recovering a lost handle_token with the handle's key (seed 004): a call with the handle alone answers a one-time
// challenge, valid 5 minutes; the key's signature of it answers a new token, and the old one stops working.
// The challenge's format and what is signed are published at /.well-known/agent-helper.json (board-scheme.ts).

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_PREFIX = "agent-helper/recover";

export type Recovery =
  | { ok: true; step: "challenge"; challenge: string; expiresAt: Date }
  | { ok: true; step: "recovered"; handleToken: string; keyId: string }
  | { ok: false; message: string };

// One answer for every challenge that cannot be used, so that none of them tells what is wrong with another's.
const UNUSABLE = "This challenge is unknown, used or expired, or not for this handle: ask for a new one with just the handle.";

/** The challenge text: what it is for, where, for whom, a nonce and when it stops being valid. */
export function challengeText(instance: string, handle: string, nonce: string, expiresAt: Date): string {
  return `${CHALLENGE_PREFIX}|${instance}|${handle.toLowerCase()}|${nonce}|${expiresAt.toISOString()}`;
}

async function limited(clientKey: string, handle: string): Promise<string | null> {
  const byAddress = await consume("networkWrites", `address:${clientKey}`);
  if (!byAddress.ok) return byAddress.message;
  const byHandle = await consume("networkWrites", `handle:${handle.toLowerCase()}`);
  return byHandle.ok ? null : byHandle.message;
}

/** Step one (no challenge) or step two (challenge and signature) of a recovery. */
export async function recoverHandle(input: { handle: string; challenge: string | null; signature: string | null }, clientKey: string): Promise<Recovery> {
  if ((input.challenge === null) !== (input.signature === null)) {
    return { ok: false, message: "Send just the handle to get a challenge, then the handle with both challenge and signature." };
  }
  const refusal = await limited(clientKey, input.handle);
  if (refusal) return { ok: false, message: refusal };
  const handle = await db.callerHandle.findUnique({
    where: { handleKey: input.handle.toLowerCase() },
    select: { id: true, keys: { where: { retiredAt: null }, select: { keyId: true, publicKey: true } } },
  });
  const key = handle?.keys[0];
  // Whether a handle exists is public (the directory, the board), so saying it has no key tells nobody anything new.
  if (!handle || !key)
    return { ok: false, message: `The handle “${input.handle}” has no key registered: only a handle with a key (register_key) can be recovered.` };
  const now = new Date();
  if (input.challenge === null || input.signature === null) {
    const instance = await boardInstanceId();
    const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
    const challenge = challengeText(instance, input.handle, randomBytes(16).toString("base64url"), expiresAt);
    await db.$transaction([
      db.handleRecovery.deleteMany({ where: { expiresAt: { lte: now } } }),
      db.handleRecovery.create({ data: { challengeSha256: sha256Hex(challenge), handleId: handle.id, expiresAt } }),
    ]);
    return { ok: true, step: "challenge", challenge, expiresAt };
  }
  const challenge = input.challenge;
  const signature = input.signature;
  return db.$transaction(async (tx) => {
    // Deleted whether or not the signature holds: a challenge is tried once.
    const used = await tx.handleRecovery.deleteMany({ where: { challengeSha256: sha256Hex(challenge), handleId: handle.id, expiresAt: { gt: now } } });
    if (used.count !== 1) return { ok: false as const, message: UNUSABLE };
    if (!rawSignatureHolds(Buffer.from(key.publicKey, "base64"), Buffer.from(challenge, "utf8"), signature)) {
      return {
        ok: false as const,
        message: `signature is not the Ed25519 signature (base64) of the challenge's UTF-8 bytes by the current key of “${input.handle}” (${key.keyId}); ask for a new challenge.`,
      };
    }
    const handleToken = newHandleToken();
    await tx.callerHandle.update({ where: { id: handle.id }, data: { tokenSha256: sha256Hex(handleToken) } });
    await tx.handleRecovery.deleteMany({ where: { handleId: handle.id } });
    return { ok: true as const, step: "recovered" as const, handleToken, keyId: key.keyId };
  });
}
