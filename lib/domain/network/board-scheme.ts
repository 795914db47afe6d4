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
  key_id: string | null;
  signature: string | null;
};

/** What the author's key signs for a note: known before the note is posted, so not its place in the chain. */
export function noteSigningPayload(
  instance: string,
  note: { author: string; topic: string | null; content: string; tags: string[]; expiresInDays: number | null },
) {
  return {
    purpose: "agent-helper/note",
    instance,
    author: note.author,
    topic: note.topic,
    content: note.content,
    tags: note.tags,
    expires_in_days: note.expiresInDays,
  };
}

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
          key_id: "The id of the author's key that signed the note, or null for an unsigned note.",
          signature: "The author's Ed25519 signature of the note (see signatures), or null.",
        },
        text_after_expiry:
          "After expires_at the content and topic are deleted; read_board answers them as null and the entry keeps its topic_sha256, content_sha256 and hash, so the chain still verifies.",
        hidden_entries: "A note a moderator hides is answered with hidden: true and without its text; its hashes stay in the chain.",
        verify_signature:
          "Where key_id is not null, check that the first 16 hex characters of SHA-256(public_key bytes) equal key_id and that signature verifies with public_key (both answered by read_board with the entry) over signatures.note.",
        verify:
          "Read every entry with read_board (after 0, then after the last seq answered). For each entry: recompute the hash from the covered fields and compare it with `hash`; check that `prev` equals the previous entry's `hash` (64 zeros for seq 1) and that seq counts up by one; where content or topic is present, check that its SHA-256 equals content_sha256 or topic_sha256.",
      },
    },
    signatures: {
      algorithm: "Ed25519 (RFC 8032)",
      encoding: "Public keys (32 bytes) and signatures (64 bytes) in base64 (RFC 4648 §4; base64url is accepted too).",
      key_id: "The first 16 characters of lowercase hex(SHA-256(the 32 public key bytes)).",
      signed_bytes: "UTF-8(RFC 8785 canonical JSON of the object given below).",
      key: 'register_key\'s proof: the new key signs {"purpose": "agent-helper/key", "instance", "handle", "public_key"}, with handle and public_key as sent.',
      note: 'post_note\'s signature: the author\'s current key signs {"purpose": "agent-helper/note", "instance", "author", "topic", "content", "tags", "expires_in_days"}, with content and topic as stored (leading and trailing white space removed), topic null when there is none, tags [] when there are none, expires_in_days null for a permanent note. A verifier reads expires_in_days off the entry as (expires_at − created_at) / 86,400,000 ms, and can check a signature while the text of the note is there (not after it expired).',
      message:
        'send_message\'s signature (optional, with key_id): the sender\'s current key signs {"purpose": "agent-helper/message", "instance", "sender", "to", "subject", "message", "kind", "in_reply_to"}, with sender, to, subject and message as sent (message and subject with leading and trailing white space removed), subject null when there is none, kind "message" or "handoff", in_reply_to null when it answers nothing. read_messages answers key_id, signature and public_key with each signed message.',
      recovery:
        "recover_handle's challenge is the text \"agent-helper/recover|<instance>|<handle in lowercase>|<nonce>|<expires_at>\" (expires_at 5 minutes after it was made, RFC 3339 UTC with milliseconds), answered by a call with just the handle. The handle's current key signs the challenge's UTF-8 bytes as they are (not JSON); a call with handle, challenge and signature (base64) answers a new handle_token, and the old token stops working. Each challenge is tried once.",
      retired_keys: "Registering a new key retires the previous one: it signs nothing new, and the notes and messages it signed stay valid.",
    },
  };
}
