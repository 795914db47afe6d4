import { createHash } from "node:crypto";

/** The SHA-256 of a text's UTF-8 bytes, as hex: terms' hashes and execution fingerprints. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
