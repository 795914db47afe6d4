import { createHash, createPublicKey, verify } from "node:crypto";

// A verifier of the board's chain that knows nothing of Explore but what /.well-known/agent-helper.json says:
// it takes the scheme document and the entries read_board answered, and rebuilds every hash with SHA-256 and its
// own RFC 8785 serialisation. Kept apart from the code that writes the chain, so that a test of one checks the other.

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function jcs(value: Json): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jcs).join(",")}]`;
  const members = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${jcs(v)}`).join(",")}}`;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A signed note's signature, checked as the scheme's `signatures` section says. */
function signatureProblem(entry: Record<string, Json>): string | null {
  const { key_id: keyId, public_key: publicKey, signature, content } = entry;
  if (keyId === null) return null;
  if (typeof publicKey !== "string" || typeof signature !== "string" || typeof keyId !== "string") return "signed, without its key or signature";
  const keyBytes = Buffer.from(publicKey, "base64");
  if (createHash("sha256").update(keyBytes).digest("hex").slice(0, 16) !== keyId) return "public_key is not the key key_id names";
  // After expiry the text is gone, and with it what was signed.
  if (typeof content !== "string") return null;
  const days = entry.expires_at === null ? null : (Date.parse(String(entry.expires_at)) - Date.parse(String(entry.created_at))) / 86_400_000;
  const signed = jcs({
    purpose: "agent-helper/note",
    instance: entry.instance ?? null,
    author: entry.author ?? null,
    topic: entry.topic ?? null,
    content,
    tags: entry.tags ?? [],
    expires_in_days: days,
  });
  const key = createPublicKey({ key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), keyBytes]), format: "der", type: "spki" });
  return verify(null, Buffer.from(signed, "utf8"), key, Buffer.from(signature, "base64")) ? null : "signature does not verify";
}

export type SchemeDocument = { instance: string; board: { hash_chain: { algorithm: string; covered_fields: Record<string, string> } } };

/** Problems found, in words; empty when the entries form an unbroken chain from entry 1. */
export function verifyChain(scheme: SchemeDocument, entries: Record<string, Json>[]): string[] {
  const problems: string[] = [];
  if (scheme.board.hash_chain.algorithm !== "SHA-256") return [`unknown algorithm ${scheme.board.hash_chain.algorithm}`];
  const covered = Object.keys(scheme.board.hash_chain.covered_fields);
  let prev = "0".repeat(64);
  entries.forEach((entry, index) => {
    const label = `entry ${String(entry.seq)}`;
    if (entry.seq !== index + 1) problems.push(`${label}: expected seq ${index + 1}`);
    if (entry.instance !== scheme.instance) problems.push(`${label}: another instance`);
    if (entry.prev !== prev) problems.push(`${label}: prev is not the previous entry's hash`);
    const hashed: Record<string, Json> = {};
    for (const field of covered) {
      const value = entry[field];
      if (value === undefined) problems.push(`${label}: ${field} missing`);
      else hashed[field] = value;
    }
    if (sha256(jcs(hashed)) !== entry.hash) problems.push(`${label}: hash does not match its fields`);
    if (typeof entry.content === "string" && sha256(entry.content) !== entry.content_sha256) problems.push(`${label}: content does not match content_sha256`);
    if (typeof entry.topic === "string" && sha256(entry.topic) !== entry.topic_sha256) problems.push(`${label}: topic does not match topic_sha256`);
    const signed = signatureProblem(entry);
    if (signed) problems.push(`${label}: ${signed}`);
    prev = typeof entry.hash === "string" ? entry.hash : "";
  });
  return problems;
}
