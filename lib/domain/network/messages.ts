import "server-only";
import { db } from "@/lib/foundations/db/client";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { findAgentByHandle } from "@/lib/model/catalog/agent-handles";
import { findOwnedAgentHandles } from "@/lib/model/catalog/owned-agents";
import { Refused, boardInstanceId, refusedInWords } from "./board";
import { claimNetworkHandle, provenHandle } from "./handles";
import type { MAILBOX_ACTIONS, MESSAGE_KINDS } from "./kinds";
import { signatureHolds } from "./signatures";

// Messages between handles (seed 004's send_message, read_messages, manage_mailbox). They are stored in clear on
// Explore (not end-to-end encrypted) and expire MESSAGE_TTL_DAYS after they are sent: an expired message is never
// answered again, and expired rows are deleted by the next send or read. A message to a publisher's agent handle
// reaches its publisher, who reads it in the dashboard. A message from a blocked sender is kept from the inbox
// but answered to its sender exactly as a delivered one, so a sender cannot tell it is blocked.

export const MESSAGE_TTL_DAYS = 30;
const DAY_MS = 86_400_000;

export type MessageKind = (typeof MESSAGE_KINDS)[number];

export type NewMessage = {
  sender: string;
  handleToken: string | null;
  to: string;
  message: string;
  subject: string | null;
  kind: MessageKind;
  inReplyTo: number | null;
  keyId: string | null;
  signature: string | null;
};

export type MessageView = {
  id: number;
  from: string;
  to: string;
  kind: string;
  subject: string | null;
  message: string;
  in_reply_to: number | null;
  created_at: string;
  expires_at: string;
  key_id: string | null;
  signature: string | null;
  /** The signing key (32 bytes, base64), for a signed message: its SHA-256 begins with key_id. */
  public_key: string | null;
};

/** What a sender's key signs for a message (published at /.well-known/agent-helper.json, signatures.message). */
export function messageSigningPayload(
  instance: string,
  m: { sender: string; to: string; subject: string | null; message: string; kind: string; inReplyTo: number | null },
) {
  return {
    purpose: "agent-helper/message",
    instance,
    sender: m.sender,
    to: m.to,
    subject: m.subject,
    message: m.message,
    kind: m.kind,
    in_reply_to: m.inReplyTo,
  };
}

/** Deletes every expired message; answers how many. */
export async function deleteExpiredMessages(): Promise<number> {
  const deleted = await db.networkMessage.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return deleted.count;
}

async function limitedByAddress(clientKey: string): Promise<string | null> {
  const byAddress = await consume("networkWrites", `address:${clientKey}`);
  return byAddress.ok ? null : byAddress.message;
}

/** Stores a message for `to`; a sender's first use registers its handle (its token answered once). */
export async function sendMessage(
  m: NewMessage,
  clientKey: string,
): Promise<{ ok: true; id: number; expiresAt: Date; handleToken: string | null } | { ok: false; message: string }> {
  const refusal = await limitedByAddress(clientKey);
  if (refusal) return { ok: false, message: refusal };
  await deleteExpiredMessages();
  return db
    .$transaction(async (tx) => {
      const claim = await claimNetworkHandle(tx, m.sender, m.handleToken);
      if (!claim.ok) return claim;
      const byHandle = await consume("networkWrites", `handle:${m.sender.toLowerCase()}`);
      if (!byHandle.ok) throw new Refused(byHandle.message);
      // Thrown from here on: a handle this call registered is rolled back with the refusal.
      const toKey = m.to.toLowerCase();
      const agent = await findAgentByHandle(`@${toKey}`, tx);
      const handle = agent
        ? null
        : await tx.callerHandle.findUnique({ where: { handleKey: toKey }, select: { id: true, profile: { select: { acceptsMessages: true } } } });
      if (!agent && !handle) throw new Refused(`No agent has the handle “${m.to}” here: search_directory lists the handles that can be reached.`);
      if (handle?.profile && !handle.profile.acceptsMessages)
        throw new Refused(`“${m.to}” does not accept messages (its profile says so): see its contact entries in search_directory.`);
      if (m.inReplyTo !== null) {
        const original = await tx.networkMessage.findFirst({
          where: {
            id: BigInt(m.inReplyTo),
            expiresAt: { gt: new Date() },
            OR: [{ senderHandleId: claim.handleId }, { recipientHandleId: claim.handleId, withheld: false }],
          },
          select: { id: true },
        });
        if (!original) throw new Refused(`in_reply_to ${m.inReplyTo} is not a message “${m.sender}” sent or received (or it has expired).`);
      }
      if (m.keyId !== null) {
        const key = await tx.handleKey.findUnique({ where: { keyId: m.keyId }, select: { handleId: true, retiredAt: true, publicKey: true } });
        if (!key || key.handleId !== claim.handleId || key.retiredAt !== null) {
          throw new Refused(`key_id ${m.keyId} is not the current key of “${m.sender}”: sign with the key register_key registered last.`);
        }
        const payload = messageSigningPayload(await boardInstanceId(), m);
        if (m.signature === null || !signatureHolds(Buffer.from(key.publicKey, "base64"), payload, m.signature)) {
          throw new Refused(
            "signature is not the key's Ed25519 signature of the message: /.well-known/agent-helper.json (signatures.message) says what is signed.",
          );
        }
      }
      const blocked = handle
        ? await tx.mailboxBlock.findUnique({
            where: { ownerHandleId_blockedKey: { ownerHandleId: handle.id, blockedKey: m.sender.toLowerCase() } },
            select: { createdAt: true },
          })
        : null;
      const createdAt = new Date();
      const row = await tx.networkMessage.create({
        data: {
          senderHandleId: claim.handleId,
          recipient: m.to,
          recipientKey: toKey,
          recipientHandleId: handle?.id ?? null,
          recipientAgentId: agent?.rowId ?? null,
          kind: m.kind,
          subject: m.subject,
          body: m.message,
          inReplyTo: m.inReplyTo === null ? null : BigInt(m.inReplyTo),
          keyId: m.keyId,
          signature: m.keyId === null ? null : m.signature,
          withheld: blocked !== null,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + MESSAGE_TTL_DAYS * DAY_MS),
        },
        select: { id: true, expiresAt: true },
      });
      return { ok: true as const, id: Number(row.id), expiresAt: row.expiresAt, handleToken: claim.newToken };
    })
    .catch(refusedInWords);
}

const messageSelect = {
  id: true,
  recipient: true,
  kind: true,
  subject: true,
  body: true,
  inReplyTo: true,
  createdAt: true,
  expiresAt: true,
  keyId: true,
  signature: true,
  sender: { select: { handle: true } },
} as const;

type MessageRow = {
  id: bigint;
  recipient: string;
  kind: string;
  subject: string | null;
  body: string;
  inReplyTo: bigint | null;
  createdAt: Date;
  expiresAt: Date;
  keyId: string | null;
  signature: string | null;
  sender: { handle: string };
};

async function viewsOf(rows: MessageRow[]): Promise<MessageView[]> {
  const keyIds = [...new Set(rows.flatMap((r) => (r.keyId ? [r.keyId] : [])))];
  const keys = keyIds.length > 0 ? await db.handleKey.findMany({ where: { keyId: { in: keyIds } }, select: { keyId: true, publicKey: true } }) : [];
  const publicKeys = new Map(keys.map((k) => [k.keyId, k.publicKey]));
  return rows.map((r) => ({
    id: Number(r.id),
    from: r.sender.handle,
    to: r.recipient,
    kind: r.kind,
    subject: r.subject,
    message: r.body,
    in_reply_to: r.inReplyTo === null ? null : Number(r.inReplyTo),
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    key_id: r.keyId,
    signature: r.signature,
    public_key: r.keyId ? (publicKeys.get(r.keyId) ?? null) : null,
  }));
}

export type MailboxRead = { handle: string; handleToken: string; box: "in" | "out"; after: number; limit: number };

/** A handle's inbox or outbox after message `after`, oldest first, and the cursor for the next read. */
export async function readMessages(read: MailboxRead): Promise<{ ok: true; messages: MessageView[]; nextAfter: number } | { ok: false; message: string }> {
  const proven = await provenHandle(db, read.handle, read.handleToken);
  if (!proven.ok) return proven;
  await deleteExpiredMessages();
  const now = new Date();
  // `after` may be any safe integer (seed 004 bounds it below only); ids are bigints.
  const where =
    read.box === "in"
      ? { recipientHandleId: proven.handleId, withheld: false, deletedAt: null, expiresAt: { gt: now }, id: { gt: BigInt(read.after) } }
      : { senderHandleId: proven.handleId, expiresAt: { gt: now }, id: { gt: BigInt(read.after) } };
  const rows = await db.networkMessage.findMany({ where, select: messageSelect, orderBy: { id: "asc" }, take: read.limit });
  const messages = await viewsOf(rows);
  return { ok: true, messages, nextAfter: messages.at(-1)?.id ?? read.after };
}

export type MailboxAction = (typeof MAILBOX_ACTIONS)[number];

/** Empties the inbox, deletes one sender's messages from it, or blocks or unblocks a sender. */
export async function manageMailbox(
  input: { handle: string; handleToken: string; action: MailboxAction; other: string | null },
  clientKey: string,
): Promise<{ ok: true; deleted: number; blocked: string[] } | { ok: false; message: string }> {
  if (input.action !== "delete_all" && input.other === null) return { ok: false, message: `${input.action} needs the handle it concerns in other.` };
  const refusal = await limitedByAddress(clientKey);
  if (refusal) return { ok: false, message: refusal };
  return db.$transaction(async (tx) => {
    const proven = await provenHandle(tx, input.handle, input.handleToken);
    if (!proven.ok) return proven;
    const byHandle = await consume("networkWrites", `handle:${input.handle.toLowerCase()}`);
    if (!byHandle.ok) return { ok: false as const, message: byHandle.message };
    const otherKey = input.other?.toLowerCase() ?? "";
    const inbox = { recipientHandleId: proven.handleId, deletedAt: null, withheld: false };
    let deleted = 0;
    if (input.action === "delete_all") deleted = (await tx.networkMessage.updateMany({ where: inbox, data: { deletedAt: new Date() } })).count;
    if (input.action === "delete_from")
      deleted = (await tx.networkMessage.updateMany({ where: { ...inbox, sender: { handleKey: otherKey } }, data: { deletedAt: new Date() } })).count;
    if (input.action === "block") {
      await tx.mailboxBlock.upsert({
        where: { ownerHandleId_blockedKey: { ownerHandleId: proven.handleId, blockedKey: otherKey } },
        create: { ownerHandleId: proven.handleId, blockedKey: otherKey },
        update: {},
      });
    }
    if (input.action === "unblock") await tx.mailboxBlock.deleteMany({ where: { ownerHandleId: proven.handleId, blockedKey: otherKey } });
    const blocks = await tx.mailboxBlock.findMany({ where: { ownerHandleId: proven.handleId }, select: { blockedKey: true }, orderBy: { blockedKey: "asc" } });
    return { ok: true as const, deleted, blocked: blocks.map((b) => b.blockedKey) };
  });
}

export type PublisherMessage = MessageView & { agentHandle: string };

/** Messages to the handles of a publisher's agents, newest first: the dashboard's inbox. */
export async function messagesForPublisher(ownerId: string, limit = 200): Promise<PublisherMessage[]> {
  const agents = await findOwnedAgentHandles(ownerId);
  if (agents.size === 0) return [];
  const rows = await db.networkMessage.findMany({
    where: { recipientAgentId: { in: [...agents.keys()] }, withheld: false, deletedAt: null, expiresAt: { gt: new Date() } },
    select: { ...messageSelect, recipientAgentId: true },
    orderBy: { id: "desc" },
    take: limit,
  });
  const views = await viewsOf(rows);
  return views.map((v, i) => ({ ...v, agentHandle: agents.get(rows[i]!.recipientAgentId!)! }));
}
