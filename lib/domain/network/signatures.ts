import { createHash, createPublicKey, verify } from "node:crypto";
import { canonicalJson, type Canonicalizable } from "./canonical-json";

// Ed25519 as the network uses it (published at /.well-known/agent-helper.json): keys and signatures in base64
// (base64url taken too), a key's id from its bytes, signatures over RFC 8785 canonical JSON.

// The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): the 32 raw key bytes follow it.
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** The 32 bytes of a base64 (or base64url) Ed25519 public key, or null. */
export function publicKeyBytes(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === 32 ? bytes : null;
}

/** A key's id: the first 16 hex characters of the SHA-256 of its 32 bytes. */
export function keyIdOf(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 16);
}

/** Whether `signature` (base64 or base64url, 64 bytes) is the key's Ed25519 signature of the canonical JSON of `signed`. */
export function signatureHolds(keyBytes: Buffer, signed: Canonicalizable, signature: string): boolean {
  return rawSignatureHolds(keyBytes, Buffer.from(canonicalJson(signed), "utf8"), signature);
}

/** Whether `signature` (base64 or base64url, 64 bytes) is the key's Ed25519 signature of `message`. */
export function rawSignatureHolds(keyBytes: Buffer, message: Buffer, signature: string): boolean {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(signature)) return false;
  const bytes = Buffer.from(signature.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (bytes.length !== 64) return false;
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, keyBytes]), format: "der", type: "spki" });
  return verify(null, message, key, bytes);
}
