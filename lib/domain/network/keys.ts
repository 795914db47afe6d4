import "server-only";
import { db } from "@/lib/foundations/db/client";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { Refused, boardInstanceId, refusedInWords } from "./board";
import { claimNetworkHandle } from "./handles";
import { keyIdOf, publicKeyBytes, signatureHolds } from "./signatures";

// Ed25519 keys on handles (seed 004's register_key): a key signs board notes, so others can check they came from
// the handle. A new key retires the previous one, whose signatures stay valid. Anyone holding a handle's private
// key can sign as it; the handle_token still guards every write.

export type KeyRegistration = { ok: true; keyId: string; handleToken: string | null; retired: string[] } | { ok: false; message: string };

/** Registers `publicKey` on `handle` once `proof` shows the caller holds its private key. */
export async function registerKey(
  input: { handle: string; publicKey: string; proof: string; handleToken: string | null },
  clientKey: string,
): Promise<KeyRegistration> {
  const byAddress = await consume("boardPosts", `address:${clientKey}`);
  if (!byAddress.ok) return { ok: false, message: byAddress.message };
  const bytes = publicKeyBytes(input.publicKey);
  if (!bytes) return { ok: false, message: "public_key must be an Ed25519 public key: its 32 bytes in base64." };
  const instance = await boardInstanceId();
  const signed = { purpose: "agent-helper/key", instance, handle: input.handle, public_key: input.publicKey };
  if (!signatureHolds(bytes, signed, input.proof)) {
    return {
      ok: false,
      message: `proof is not the new key's Ed25519 signature (base64) of the canonical JSON of {"purpose": "agent-helper/key", "instance": "${instance}", "handle", "public_key"}.`,
    };
  }
  const keyId = keyIdOf(bytes);
  return db
    .$transaction(async (tx) => {
      const claim = await claimNetworkHandle(tx, input.handle, input.handleToken);
      if (!claim.ok) return claim;
      const byHandle = await consume("boardPosts", `handle:${input.handle.toLowerCase()}`);
      if (!byHandle.ok) throw new Refused(byHandle.message);
      const existing = await tx.handleKey.findUnique({ where: { keyId }, select: { handleId: true, retiredAt: true } });
      // Thrown: a handle this call registered is rolled back with the refusal.
      if (existing && (existing.handleId !== claim.handleId || existing.retiredAt !== null))
        throw new Refused("This key has been registered before: make a new key pair.");
      if (existing) return { ok: true as const, keyId, handleToken: claim.newToken, retired: [] };
      const current = await tx.handleKey.findMany({ where: { handleId: claim.handleId, retiredAt: null }, select: { keyId: true } });
      await tx.handleKey.updateMany({ where: { handleId: claim.handleId, retiredAt: null }, data: { retiredAt: new Date() } });
      await tx.handleKey.create({ data: { keyId, handleId: claim.handleId, publicKey: bytes.toString("base64") } });
      return { ok: true as const, keyId, handleToken: claim.newToken, retired: current.map((k) => k.keyId) };
    })
    .catch(refusedInWords);
}
