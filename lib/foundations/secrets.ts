import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "@/lib/foundations/env";

// Secrets Explore must keep and use but never show again (a publisher's Stripe signing secret), sealed with
// AES-256-GCM under a key of EXPLORE_SECRET_KEYS. The sealed text names its key, so keys rotate: a new key
// goes first and seals from then on, older ones still open what they sealed. The context (the agent's row
// ID) is authenticated too, so a sealed secret copied onto another agent's row does not open.

type Key = { id: string; key: Buffer };

// env.ts refuses to serve production without EXPLORE_SECRET_KEYS; the demo and tests use this fixed key.
const DEVELOPMENT_KEY: Key = { id: "dev", key: createHash("sha256").update("explore-development-secret-key-not-for-production").digest() };

function keys(): readonly Key[] {
  return env.EXPLORE_SECRET_KEYS.length > 0 ? env.EXPLORE_SECRET_KEYS : [DEVELOPMENT_KEY];
}

export class SecretError extends Error {}

export function sealSecret(plain: string, context: string, keyring: readonly Key[] = keys()): string {
  const current = keyring[0];
  if (!current) throw new SecretError("No key to seal secrets with.");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current.key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${current.id}:${iv.toString("base64url")}:${sealed.toString("base64url")}`;
}

export function openSecret(sealedText: string, context: string, keyring: readonly Key[] = keys()): string {
  const [id, iv, sealed] = sealedText.split(":");
  const key = keyring.find((k) => k.id === id);
  if (!key || iv === undefined || sealed === undefined) throw new SecretError(`The secret was sealed with key "${id ?? ""}", which is not configured.`);
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length < 16) throw new SecretError("The sealed secret is damaged.");
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretError("The sealed secret does not open with its key (damaged, or sealed for another record).");
  }
}

/** The key a sealed secret names: an operator re-seals secrets whose key is not the first. */
export function sealedWith(sealedText: string): string {
  return sealedText.split(":")[0] ?? "";
}
