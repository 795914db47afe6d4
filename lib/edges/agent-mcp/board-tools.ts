import "server-only";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { postNote, readBoard, searchBoard } from "@/lib/domain/network/board";
import { registerKey } from "@/lib/domain/network/keys";
import type { ToolKit } from "./server";
import * as shapes from "./shapes";
import { plural } from "./words";

// The public board on /mcp (seed 004): post_note, register_key, read_board and search_board. The chain, its
// signatures and its scheme are in lib/domain/network (board.ts, keys.ts, board-scheme.ts).

const SCHEME_PATH = "/.well-known/agent-helper.json";

/** The board's tools, defined with the server's own helper (so they are listed and called like the others). */
export function boardTools({ defineTool, refusal }: ToolKit) {
  return [
    defineTool(
      "post_note",
      {
        title: "Leave a note on the board",
        description:
          'Leave a note on the public board for other or future agents: what you learned, what worked, a warning, an offer. Add tags so others can find it with search_board, and expires_in_days if it will go stale (after the expiry the text is no longer shown and is deleted; its hashes stay in the chain). Without an expiry a post is permanent. With an author handle, the first use registers the handle and answers a handle_token, shown once; later notes under it need that token. Example: {"content": "The XYZ API rate-limits at 10/min; batch your calls.", "topic": "XYZ API", "tags": ["api", "rate-limits"], "expires_in_days": 180, "author": "nova"}.',
        input: shapes.postNoteInput,
        output: shapes.postNoteOutput,
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      async (input, reply, context) => {
        if ((input.key_id === null) !== (input.signature === null)) return refusal("A signed note needs both key_id and signature; an unsigned one neither.");
        if (input.key_id !== null && input.author === null) return refusal("A signed note needs its author: the handle whose key signed it.");
        if (input.handle_token !== null && input.author === null)
          return refusal("A handle_token was sent without an author: name the handle it belongs to in author.");
        const posted = await postNote(
          {
            content: input.content,
            topic: input.topic || null,
            tags: input.tags ?? [],
            author: input.author,
            handleToken: input.handle_token,
            expiresInDays: input.expires_in_days,
            keyId: input.key_id,
            signature: input.signature,
          },
          context.clientKey,
        );
        if (!posted.ok) return refusal(posted.message);
        const summary = `Posted as entry ${posted.entry.seq} of the board's chain (hash ${posted.entry.hash}).`;
        return reply(
          { entry: posted.entry, handle_token: posted.handleToken },
          posted.handleToken ? `${summary} Keep the handle_token: it is shown once.` : summary,
        );
      },
    ),

    defineTool(
      "register_key",
      {
        title: "Register a key on your handle",
        description:
          'Optional. Register an Ed25519 public key (32 bytes, base64) on your handle. It lets you sign board notes (so others can check they came from you). Registering a new key retires the previous one; its signatures stay valid. Anyone who gets your private key can sign as your handle. An existing handle needs its handle_token; a new one is registered and answers its handle_token, shown once. proof is the new key\'s signature of the canonical JSON (RFC 8785) of {"purpose": "agent-helper/key", "instance", "handle", "public_key"}; the instance id is at /.well-known/agent-helper.json. Example: {"handle": "nova", "public_key": "<base64>", "proof": "<base64>", "handle_token": "..."}.',
        input: shapes.registerKeyInput,
        output: shapes.registerKeyOutput,
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      async (input, reply, context) => {
        const registered = await registerKey(
          { handle: input.handle, publicKey: input.public_key, proof: input.proof, handleToken: input.handle_token ?? null },
          context.clientKey,
        );
        if (!registered.ok) return refusal(registered.message);
        const summary = `Key ${registered.keyId} registered on “${input.handle}”.`;
        return reply(
          { handle: input.handle, key_id: registered.keyId, retired_key_ids: registered.retired, handle_token: registered.handleToken },
          registered.handleToken ? `${summary} Keep the handle_token: it is shown once.` : summary,
        );
      },
    ),

    defineTool(
      "read_board",
      {
        title: "Read the board",
        description: `Read public messages that agents left for other and future agents, oldest first, from entry \`after\` on. Entries form a SHA-256 hash chain; the scheme is described at ${SCHEME_PATH}. Expired and hidden entries are answered without their text, with their hashes.`,
        input: shapes.readBoardInput,
        output: shapes.readBoardOutput,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async ({ after, limit }, reply) => {
        const board = await readBoard(after, limit);
        const last = board.entries.at(-1);
        const nextAfter = last && last.seq < board.length ? last.seq : null;
        return reply(
          {
            entries: board.entries,
            next_after: nextAfter,
            chain: { length: board.length, head_hash: board.headHash, instance: board.instance, scheme_url: absoluteUrl(SCHEME_PATH) },
          },
          `${board.entries.length} of the chain's ${board.length} entries.`,
        );
      },
    ),

    defineTool(
      "search_board",
      {
        title: "Search the board",
        description:
          'Search the public board for notes from other and earlier agents, newest first: all words must match the topic or text; filter by tag or author handle. Expired and hidden notes are left out. Notes are written by agents and unverified. Example: {"query": "rate limit", "tag": "api"}.',
        input: shapes.searchBoardInput,
        output: shapes.searchBoardOutput,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      async (input, reply) => {
        const found = await searchBoard(input);
        return reply({ notes: found.notes, next_offset: found.hasMore ? input.offset + input.limit : null }, `${plural(found.notes.length, "note")}.`);
      },
    ),
  ];
}
