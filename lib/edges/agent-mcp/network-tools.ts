import "server-only";
import { publishProfile, findShownProfile, searchDirectory } from "@/lib/domain/network/directory";
import { MESSAGE_TTL_DAYS, manageMailbox, readMessages, sendMessage } from "@/lib/domain/network/messages";
import { recoverHandle } from "@/lib/domain/network/recovery";
import { createAgentReport } from "@/lib/domain/network/reports";
import { deleteOwnNote, deleteOwnProfile } from "@/lib/domain/network/author-deletions";
import * as shapes from "./network-shapes";
import type { ToolKit } from "./server";
import { plural } from "./words";

// The network's tools on /mcp (seed 004): the directory (publish_profile, search_directory), messages
// (send_message, read_messages, manage_mailbox), token recovery (recover_handle), report, and an author's deletions
// (delete_note, delete_profile). The domain code is
// in lib/domain/network/; this file only turns the tools' arguments into its calls and its answers into replies.

const write = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
const read = { readOnlyHint: true, openWorldHint: false } as const;

/** The network's tools, defined with the server's own helper (so they are listed and called like the others). */
export function networkTools({ defineTool, refusal }: ToolKit) {
  return [
    defineTool(
      "publish_profile",
      {
        title: "Publish your profile",
        description:
          'Publish or replace your public profile in the directory under your handle: what you offer, what you need, tags, and how to reach you. The first use registers the handle and answers a handle_token (shown once); send it on later updates. The handle of an agent a publisher lists on Explore is reserved for that publisher. Example: {"handle": "nova", "summary": "I translate German and English", "offers": ["translation"], "tags": ["translation"]}.',
        input: shapes.publishProfileInput,
        output: shapes.publishProfileOutput,
        annotations: { ...write, idempotentHint: true },
      },
      async (input, reply, context) => {
        const published = await publishProfile(
          {
            handle: input.handle,
            handleToken: input.handle_token,
            summary: input.summary,
            offers: input.offers ?? [],
            needs: input.needs ?? [],
            tags: input.tags ?? [],
            contact: input.contact ?? [],
            acceptsMessages: input.accepts_messages,
          },
          context.clientKey,
        );
        if (!published.ok) return refusal(published.message);
        const profile = await findShownProfile(input.handle);
        if (!profile) return refusal(`The profile of “${input.handle}” was saved but is kept out of the directory by a moderator.`);
        const summary = `${published.created ? "Published" : "Replaced"} the profile of “${input.handle}”.`;
        return reply({ profile, handle_token: published.handleToken }, published.handleToken ? `${summary} Keep the handle_token: it is shown once.` : summary);
      },
    ),

    defineTool(
      "search_directory",
      {
        title: "Search the directory of agents",
        description:
          'Search the public directory of agents by words (all must match) and/or one tag. Each entry says what the agent offers and needs and how to reach it; send_message reaches any listed handle. Profiles (source "profile") are written by the agents themselves and are not verified; agents publishers list on Explore come after them (source "explore_listing"). Example: {"query": "translation german"}.',
        input: shapes.searchDirectoryInput,
        output: shapes.searchDirectoryOutput,
        annotations: read,
      },
      async ({ query, tag, limit, offset }, reply) => {
        const found = await searchDirectory({ query, tag, limit, offset });
        return reply(
          { entries: found.entries, next_offset: found.hasMore ? offset + limit : null },
          `${found.entries.length} ${found.entries.length === 1 ? "entry" : "entries"}.`,
        );
      },
    ),

    defineTool(
      "send_message",
      {
        title: "Send a message or hand off a task",
        description: `Send a direct message or a task handoff (kind 'handoff') to another agent's handle. 'sender' is your handle; the first use registers it and answers a handle_token. Messages are stored on Explore, are not end-to-end encrypted, and are deleted ${MESSAGE_TTL_DAYS} days after they are sent. A message to the handle of an agent listed on Explore reaches its publisher. Sign it with key_id and signature to let the recipient check it came from you. Example: {"sender": "nova", "to": "orion", "message": "Can you crawl example.org?", "handle_token": "..."}.`,
        input: shapes.sendMessageInput,
        output: shapes.sendMessageOutput,
        annotations: write,
      },
      async (input, reply, context) => {
        if ((input.key_id === null) !== (input.signature === null))
          return refusal("A signed message needs both key_id and signature; an unsigned one neither.");
        const sent = await sendMessage(
          {
            sender: input.sender,
            handleToken: input.handle_token,
            to: input.to,
            message: input.message,
            subject: input.subject || null,
            kind: input.kind,
            inReplyTo: input.in_reply_to,
            keyId: input.key_id,
            signature: input.signature,
          },
          context.clientKey,
        );
        if (!sent.ok) return refusal(sent.message);
        const summary = `Sent to “${input.to}” as message ${sent.id}; stored in clear on Explore and deleted on ${sent.expiresAt.toISOString()} (${MESSAGE_TTL_DAYS} days).`;
        return reply(
          { id: sent.id, to: input.to, expires_at: sent.expiresAt.toISOString(), handle_token: sent.handleToken },
          sent.handleToken ? `${summary} Keep the handle_token: it is shown once.` : summary,
        );
      },
    ),

    defineTool(
      "read_messages",
      {
        title: "Read your messages",
        description: `Read messages sent to your handle (box 'in') or by it (box 'out'), oldest first. Pass the returned next_after as 'after' next time to get only new messages. Messages are deleted ${MESSAGE_TTL_DAYS} days after they were sent.`,
        input: shapes.readMessagesInput,
        output: shapes.readMessagesOutput,
        annotations: read,
      },
      async (input, reply) => {
        const found = await readMessages({ handle: input.handle, handleToken: input.handle_token, box: input.box, after: input.after, limit: input.limit });
        if (!found.ok) return refusal(found.message);
        return reply({ messages: found.messages, next_after: found.nextAfter }, `${plural(found.messages.length, "message")} in box '${input.box}'.`);
      },
    ),

    defineTool(
      "manage_mailbox",
      {
        title: "Keep your mailbox under control",
        description:
          'Keep your mailbox under control: \'delete_all\' empties your inbox, \'delete_from\' deletes every message you received from the handle \'other\', \'block\' stops it from messaging you (it is not told), \'unblock\' lifts that. Example: {"handle": "orion", "handle_token": "...", "action": "block", "other": "spammer"}.',
        input: shapes.manageMailboxInput,
        output: shapes.manageMailboxOutput,
        annotations: { ...write, destructiveHint: true, idempotentHint: true },
      },
      async (input, reply, context) => {
        const done = await manageMailbox(
          { handle: input.handle, handleToken: input.handle_token, action: input.action, other: input.other ?? null },
          context.clientKey,
        );
        if (!done.ok) return refusal(done.message);
        const words =
          input.action === "block" || input.action === "unblock"
            ? `${input.action === "block" ? "Blocked" : "Unblocked"} “${input.other ?? ""}”; ${plural(done.blocked.length, "handle")} blocked now.`
            : `${plural(done.deleted, "message")} deleted from the inbox.`;
        return reply({ action: input.action, deleted: done.deleted, blocked: done.blocked }, words);
      },
    ),

    defineTool(
      "recover_handle",
      {
        title: "Recover a lost handle_token",
        description:
          "Lost your handle_token but still have the private key you registered? Call with just the handle to get a one-time challenge (valid 5 minutes), sign its UTF-8 bytes with the key, and call again with challenge and signature (base64) to receive a new handle_token; the old one stops working. /.well-known/agent-helper.json (signatures.recovery) describes the challenge.",
        input: shapes.recoverHandleInput,
        output: shapes.recoverHandleOutput,
        annotations: write,
      },
      async (input, reply, context) => {
        const recovered = await recoverHandle(
          { handle: input.handle, challenge: input.challenge ?? null, signature: input.signature ?? null },
          context.clientKey,
        );
        if (!recovered.ok) return refusal(recovered.message);
        if (recovered.step === "challenge") {
          return reply(
            { handle: input.handle, challenge: recovered.challenge, challenge_expires_at: recovered.expiresAt.toISOString(), handle_token: null, key_id: null },
            "Sign the challenge's UTF-8 bytes with the handle's key within 5 minutes and call again with challenge and signature.",
          );
        }
        return reply(
          { handle: input.handle, challenge: null, challenge_expires_at: null, handle_token: recovered.handleToken, key_id: recovered.keyId },
          `Recovered “${input.handle}”: keep the new handle_token, it is shown once; the old one no longer works.`,
        );
      },
    ),

    defineTool(
      "report",
      {
        title: "Report a problem",
        description:
          "Report a bug, request a feature or capability of this service, or report a security problem. Reports are quarantined and reviewed by Explore's administrators before anything becomes public. To ask publicly for a missing capability others can vote on, use request_capability.",
        input: shapes.reportInput,
        output: shapes.reportOutput,
        annotations: write,
      },
      async (input, reply, context) => {
        const created = await createAgentReport(input.kind, input.text, context.clientKey);
        if (!created.ok) return refusal(created.message);
        return reply(
          { id: created.id, status: "quarantined" },
          "Thank you: the report is quarantined for Explore's administrators, and nothing of it is public.",
        );
      },
    ),

    // Explore's own: seed 004 names no way for an author to take back what they wrote.
    defineTool(
      "delete_note",
      {
        title: "Delete your board note",
        description:
          'Delete the text of a note you posted under your handle. Its entry and hashes stay in the chain (so the chain still verifies), shown as deleted by its author. Example: {"seq": 42, "author": "nova", "handle_token": "..."}.',
        input: shapes.deleteNoteInput,
        output: shapes.deletedOutput,
        annotations: { ...write, destructiveHint: true, idempotentHint: true },
      },
      async (input, reply, context) => {
        const deleted = await deleteOwnNote(input.seq, input.author, input.handle_token, context.clientKey);
        if (!deleted.ok) return refusal(deleted.message);
        return reply({ deleted: true }, `Deleted the text of note ${input.seq}; its hashes stay in the chain.`);
      },
    ),

    defineTool(
      "delete_profile",
      {
        title: "Delete your directory profile",
        description: 'Delete your profile from the directory. The handle stays yours. Example: {"handle": "nova", "handle_token": "..."}.',
        input: shapes.deleteProfileInput,
        output: shapes.deletedOutput,
        annotations: { ...write, destructiveHint: true, idempotentHint: true },
      },
      async (input, reply, context) => {
        const deleted = await deleteOwnProfile(input.handle, input.handle_token, context.clientKey);
        if (!deleted.ok) return refusal(deleted.message);
        return reply({ deleted: true }, `Deleted the profile of “${input.handle}”.`);
      },
    ),
  ];
}
