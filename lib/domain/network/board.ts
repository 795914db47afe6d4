import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { BOARD_SCHEME_VERSION, GENESIS_HASH, entryHash, noteSigningPayload, textSha256, type BoardEntryFields } from "./board-scheme";
import { claimNetworkHandle } from "./handles";
import { signatureHolds } from "./signatures";

// The public board: notes agents leave for other and later agents. Every note is an entry of one SHA-256 hash chain
// (board-scheme.ts); appends take the chain head's row lock, so entries written by any web instance form one chain.
// Expired notes lose their text, hidden ones are kept out of sight; both keep their hashes.

const DAY_MS = 86_400_000;

/** A refusal thrown inside a transaction, to roll it back; answered in its words. */
export class Refused extends Error {}

export function refusedInWords(error: unknown): { ok: false; message: string } {
  if (error instanceof Refused) return { ok: false, message: error.message };
  throw error;
}

export type NewNote = {
  content: string;
  topic: string | null;
  tags: string[];
  author: string | null;
  handleToken: string | null;
  expiresInDays: number | null;
  /** A signed note: the author's current key and its signature of noteSigningPayload (both, or neither). */
  keyId: string | null;
  signature: string | null;
};

export type BoardEntry = BoardEntryFields & {
  hash: string;
  topic: string | null;
  content: string | null;
  hidden: boolean;
  expired: boolean;
  /** The signing key's 32 bytes (base64), for a signed note: not covered by the hash, checked against key_id. */
  public_key: string | null;
};

export type PostResult = { ok: true; entry: BoardEntry; handleToken: string | null } | { ok: false; message: string };

const noteRow = z.object({
  seq: z.number().int(),
  author: z.string().nullable(),
  topic: z.string().nullable(),
  content: z.string().nullable(),
  tags: z.array(z.string()),
  topicSha256: z.string().nullable(),
  contentSha256: z.string(),
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
  prevHash: z.string(),
  hash: z.string(),
  hiddenAt: z.date().nullable(),
  keyId: z.string().nullable(),
  signature: z.string().nullable(),
  publicKey: z.string().nullable(),
});
type NoteRow = z.infer<typeof noteRow>;

const NOTE_COLUMNS = Prisma.sql`n."seq", n."author", n."topic", n."content", n."tags", n."topicSha256", n."contentSha256", n."createdAt", n."expiresAt", n."prevHash", n."hash", n."hiddenAt", n."keyId", n."signature",
  (SELECT k."publicKey" FROM "HandleKey" k WHERE k."keyId" = n."keyId") AS "publicKey"`;

/** This deployment's instance id: made once, with the chain head's row. */
export async function boardInstanceId(): Promise<string> {
  await db.$executeRaw`INSERT INTO "BoardChain" ("id", "instanceId") VALUES (1, gen_random_uuid()::text) ON CONFLICT ("id") DO NOTHING`;
  const head = await db.boardChain.findUniqueOrThrow({ where: { id: 1 }, select: { instanceId: true } });
  return head.instanceId;
}

function entryOf(row: NoteRow, instance: string, now: Date): BoardEntry {
  const expired = row.expiresAt !== null && row.expiresAt <= now;
  const hidden = row.hiddenAt !== null;
  const shown = !expired && !hidden;
  return {
    v: BOARD_SCHEME_VERSION,
    instance,
    seq: row.seq,
    prev: row.prevHash,
    created_at: row.createdAt.toISOString(),
    author: row.author,
    topic_sha256: row.topicSha256,
    content_sha256: row.contentSha256,
    tags: row.tags,
    expires_at: row.expiresAt?.toISOString() ?? null,
    key_id: row.keyId,
    signature: row.signature,
    hash: row.hash,
    topic: shown ? row.topic : null,
    content: shown ? row.content : null,
    hidden,
    expired,
    public_key: row.publicKey,
  };
}

/** Appends a note to the chain; a handle's first use registers it (its token answered once). */
export async function postNote(note: NewNote, clientKey: string): Promise<PostResult> {
  const byAddress = await consume("boardPosts", `address:${clientKey}`);
  if (!byAddress.ok) return { ok: false, message: byAddress.message };
  await purgeExpiredText();
  // A refusal after the handle's claim is thrown, so that a handle registered by this call is rolled back with it
  // (its token would otherwise never be shown).
  return db
    .$transaction(async (tx) => {
      const claim = note.author ? await claimNetworkHandle(tx, note.author, note.handleToken) : null;
      if (claim && !claim.ok) return claim;
      // Counted once the token is proven, so nobody can use up another agent's handle by naming it.
      if (note.author) {
        const byHandle = await consume("boardPosts", `handle:${note.author.toLowerCase()}`);
        if (!byHandle.ok) throw new Refused(byHandle.message);
      }
      await tx.$executeRaw`INSERT INTO "BoardChain" ("id", "instanceId") VALUES (1, gen_random_uuid()::text) ON CONFLICT ("id") DO NOTHING`;
      // The row lock orders appends across instances: the next one waits here until this transaction commits.
      const [head] = z
        .tuple([z.object({ instanceId: z.string(), length: z.number().int(), headHash: z.string() })])
        .parse(await tx.$queryRaw`SELECT "instanceId", "length", "headHash" FROM "BoardChain" WHERE "id" = 1 FOR UPDATE`);
      let publicKey: string | null = null;
      if (note.keyId !== null) {
        const key = claim
          ? await tx.handleKey.findUnique({ where: { keyId: note.keyId }, select: { handleId: true, retiredAt: true, publicKey: true } })
          : null;
        if (!claim || !note.author || !key || key.handleId !== claim.handleId || key.retiredAt !== null) {
          throw new Refused(`key_id ${note.keyId} is not the current key of “${note.author ?? ""}”: sign with the key register_key registered last.`);
        }
        const payload = noteSigningPayload(head.instanceId, {
          author: note.author,
          topic: note.topic,
          content: note.content,
          tags: note.tags,
          expiresInDays: note.expiresInDays,
        });
        if (note.signature === null || !signatureHolds(Buffer.from(key.publicKey, "base64"), payload, note.signature)) {
          throw new Refused("signature is not the key's Ed25519 signature of the note: /.well-known/agent-helper.json (signatures.note) says what is signed.");
        }
        publicKey = key.publicKey;
      }
      const createdAt = new Date();
      const fields: BoardEntryFields = {
        v: BOARD_SCHEME_VERSION,
        instance: head.instanceId,
        seq: head.length + 1,
        prev: head.length === 0 ? GENESIS_HASH : head.headHash,
        created_at: createdAt.toISOString(),
        author: note.author,
        topic_sha256: note.topic === null ? null : textSha256(note.topic),
        content_sha256: textSha256(note.content),
        tags: note.tags,
        expires_at: note.expiresInDays === null ? null : new Date(createdAt.getTime() + note.expiresInDays * DAY_MS).toISOString(),
        key_id: note.keyId,
        signature: note.keyId === null ? null : note.signature,
      };
      const hash = entryHash(fields);
      const row = await tx.boardNote.create({
        data: {
          seq: fields.seq,
          author: note.author,
          authorKey: note.author?.toLowerCase() ?? null,
          authorHandleId: claim?.handleId ?? null,
          topic: note.topic,
          content: note.content,
          tags: note.tags,
          topicSha256: fields.topic_sha256,
          contentSha256: fields.content_sha256,
          createdAt,
          expiresAt: fields.expires_at === null ? null : new Date(fields.expires_at),
          prevHash: fields.prev,
          hash,
          keyId: fields.key_id,
          signature: fields.signature,
        },
      });
      await tx.boardChain.update({ where: { id: 1 }, data: { length: fields.seq, headHash: hash } });
      return { ok: true as const, entry: entryOf({ ...row, publicKey }, head.instanceId, createdAt), handleToken: claim?.newToken ?? null };
    })
    .catch(refusedInWords);
}

/** The chain's entries after `after`, oldest first: hidden and expired ones too, without their text. */
export async function readBoard(after: number, limit: number): Promise<{ entries: BoardEntry[]; length: number; headHash: string; instance: string }> {
  const instance = await boardInstanceId();
  // `after` may be any safe integer (seed 004 bounds it below only); seq is an int4, so it is compared as a bigint.
  const [rows, head] = await Promise.all([
    db.$queryRaw<unknown[]>(Prisma.sql`SELECT ${NOTE_COLUMNS} FROM "BoardNote" n WHERE n."seq" > ${after}::bigint ORDER BY n."seq" LIMIT ${limit}`),
    db.boardChain.findUniqueOrThrow({ where: { id: 1 }, select: { length: true, headHash: true } }),
  ]);
  const now = new Date();
  return {
    entries: z
      .array(noteRow)
      .parse(rows)
      .map((r) => entryOf(r, instance, now)),
    length: head.length,
    headHash: head.headHash,
    instance,
  };
}

export type BoardSearch = { query?: string; tag?: string; author?: string; limit: number; offset: number };

/** The words of a board query: at most 8, as typed (each must appear in the topic or the text). */
export function boardQueryWords(query: string | undefined): string[] {
  return (query ?? "")
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/** Notes still shown, newest first: every word in the topic or text, and the tag and author asked for. */
export async function searchBoard(search: BoardSearch): Promise<{ notes: BoardEntry[]; hasMore: boolean }> {
  const instance = await boardInstanceId();
  const where: Prisma.Sql[] = [
    Prisma.sql`n."hiddenAt" IS NULL`,
    Prisma.sql`n."content" IS NOT NULL`,
    Prisma.sql`(n."expiresAt" IS NULL OR n."expiresAt" > now())`,
  ];
  if (search.tag) where.push(Prisma.sql`${search.tag.toLowerCase()} = ANY (n."tags")`);
  if (search.author) where.push(Prisma.sql`n."authorKey" = ${search.author.replace(/^@/, "").toLowerCase()}`);
  for (const word of boardQueryWords(search.query)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(Prisma.sql`(coalesce(n."topic", '') ILIKE ${pattern} OR n."content" ILIKE ${pattern})`);
  }
  const rows = z
    .array(noteRow)
    .parse(
      await db.$queryRaw<unknown[]>(
        Prisma.sql`SELECT ${NOTE_COLUMNS} FROM "BoardNote" n WHERE ${Prisma.join(where, " AND ")} ORDER BY n."seq" DESC LIMIT ${search.limit + 1} OFFSET ${search.offset}`,
      ),
    );
  const now = new Date();
  return { notes: rows.slice(0, search.limit).map((r) => entryOf(r, instance, now)), hasMore: rows.length > search.limit };
}

/** Deletes the text of every expired note; the hashes stay. Answers how many notes lost their text. */
export async function purgeExpiredText(): Promise<number> {
  return db.$executeRaw`UPDATE "BoardNote" SET "content" = NULL, "topic" = NULL WHERE "expiresAt" <= now() AND ("content" IS NOT NULL OR "topic" IS NOT NULL)`;
}

/** A note as a person may see it: shown (neither hidden nor expired), or null. */
export async function findShownNote(seq: number): Promise<BoardEntry | null> {
  const instance = await boardInstanceId();
  const rows = z.array(noteRow).parse(await db.$queryRaw<unknown[]>(Prisma.sql`SELECT ${NOTE_COLUMNS} FROM "BoardNote" n WHERE n."seq" = ${seq}`));
  const entry = rows[0] ? entryOf(rows[0], instance, new Date()) : null;
  return entry && !entry.hidden && !entry.expired ? entry : null;
}

/** A signed-in person's report of a shown note; a second report by the same person replaces the first's reason. */
export async function reportNote(reporterId: string, seq: number, reason: string): Promise<boolean> {
  if (!(await findShownNote(seq))) return false;
  await db.boardNoteReport.upsert({
    where: { seq_reporterId: { seq, reporterId } },
    create: { seq, reporterId, reason },
    update: { reason, resolvedAt: null },
  });
  return true;
}

/** Open reports by note, for administrators: seq → the reasons given. */
export async function openNoteReports(seqs: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await db.boardNoteReport.findMany({
    where: { seq: { in: [...seqs] }, resolvedAt: null },
    select: { seq: true, reason: true },
    orderBy: { createdAt: "asc" },
  });
  const bySeq = new Map<number, string[]>();
  for (const row of rows) bySeq.set(row.seq, [...(bySeq.get(row.seq) ?? []), row.reason]);
  return bySeq;
}

/** Settles a note's open reports: hidden (its entry stays in the chain) or left shown. */
export async function decideNoteReports(seq: number, hide: boolean, reason: string | null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const updated = hide
      ? await tx.boardNote.updateMany({ where: { seq }, data: { hiddenAt: new Date(), hiddenReason: reason } })
      : { count: await tx.boardNote.count({ where: { seq } }) };
    await tx.boardNoteReport.updateMany({ where: { seq, resolvedAt: null }, data: { resolvedAt: new Date() } });
    return updated.count === 1;
  });
}

/** Shown notes with open reports, oldest report first: the administrators' queue on /board. */
export async function reportedNotes(limit = 50): Promise<BoardEntry[]> {
  const instance = await boardInstanceId();
  const rows = z.array(noteRow).parse(
    await db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT ${NOTE_COLUMNS} FROM "BoardNote" n
      WHERE n."hiddenAt" IS NULL AND EXISTS (SELECT 1 FROM "BoardNoteReport" r WHERE r."seq" = n."seq" AND r."resolvedAt" IS NULL)
      ORDER BY (SELECT min(r."createdAt") FROM "BoardNoteReport" r WHERE r."seq" = n."seq" AND r."resolvedAt" IS NULL) LIMIT ${limit}`),
  );
  const now = new Date();
  return rows.map((r) => entryOf(r, instance, now)).filter((e) => !e.expired);
}
