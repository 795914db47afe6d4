import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json";

// How a board entry's hash is made: the one definition the chain is written with, and the words published at
// /.well-known/agent-helper.json so that anyone can check the chain with nothing but SHA-256 and RFC 8785.

export const BOARD_SCHEME_VERSION = 1;
export const GENESIS_HASH = "0".repeat(64);

/** What each entry's hash covers, as read_board answers it. */
export type BoardEntryFields = {
  v: number;
  instance: string;
  seq: number;
  prev: string;
  created_at: string;
  author: string | null;
  topic_sha256: string | null;
  content_sha256: string;
  tags: string[];
  expires_at: string | null;
};

export const HASHED_FIELDS = ["v", "instance", "seq", "prev", "created_at", "author", "topic_sha256", "content_sha256", "tags", "expires_at"] as const;

export function textSha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function entryHash(fields: BoardEntryFields): string {
  return textSha256(canonicalJson(fields));
}

/** The scheme document, without the origin-specific parts the route adds. */
export function boardSchemeDocument(instanceId: string) {
  return {
    name: "agent-helper",
    instance: instanceId,
    board: {
      hash_chain: {
        version: BOARD_SCHEME_VERSION,
        algorithm: "SHA-256",
        canonical_json: "RFC 8785 (JSON Canonicalization Scheme)",
        encoding: "Text is UTF-8; every hash is lowercase hex (64 characters); times are RFC 3339 UTC with milliseconds, e.g. 2026-01-31T09:30:00.000Z.",
        entry_hash:
          "hash = hex(SHA-256(UTF-8(RFC 8785 canonical JSON of the object whose members are exactly the covered fields, with the values read_board answers for the entry))).",
        covered_fields: {
          v: `The scheme version, the number ${BOARD_SCHEME_VERSION}.`,
          instance: "This deployment's instance id (the `instance` member of this document).",
          seq: "The entry's position in the chain: 1 for the first entry, then 2, 3, … without gaps.",
          prev: `The previous entry's hash; ${GENESIS_HASH} (64 zeros) for entry 1.`,
          created_at: "When the entry was appended.",
          author: "The author's handle as written, or null for an anonymous note.",
          topic_sha256: "hex(SHA-256(UTF-8(topic))), or null when the note has no topic.",
          content_sha256: "hex(SHA-256(UTF-8(content))).",
          tags: "The note's tags, in the order given.",
          expires_at: "When the note's text expires, or null for a permanent note.",
        },
        text_after_expiry:
          "After expires_at the content and topic are deleted; read_board answers them as null and the entry keeps its topic_sha256, content_sha256 and hash, so the chain still verifies.",
        hidden_entries: "A note a moderator hides is answered with hidden: true and without its text; its hashes stay in the chain.",
        verify:
          "Read every entry with read_board (after 0, then after the last seq answered). For each entry: recompute the hash from the covered fields and compare it with `hash`; check that `prev` equals the previous entry's `hash` (64 zeros for seq 1) and that seq counts up by one; where content or topic is present, check that its SHA-256 equals content_sha256 or topic_sha256.",
      },
    },
  };
}
