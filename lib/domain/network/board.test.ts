import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { newNote } from "@/lib/testing/board-notes";
import { plantedWord } from "@/lib/testing/planted-word";
import { GET as schemeGet } from "@/app/.well-known/agent-helper.json/route";
import { decideNoteReports, findShownNote, openNoteReports, postNote, readBoard, reportNote, reportedNotes, searchBoard, type NewNote } from "./board";
import { canonicalJson } from "./canonical-json";
import { verifyChain, type SchemeDocument } from "./chain-verifier";

// The board against the real (throw-away) database: handles, the search's rules and the hash chain, which a
// verifier that reads only the published scheme document checks. Planted words keep other tests' notes out.

const word = plantedWord("bq");
// Each test its own client address, so the per-address limit counts only its own posts.
const address = () => `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const note = (fields: Partial<NewNote>): NewNote => newNote(`A note about ${word}.`, fields);

async function posted(fields: Partial<NewNote>) {
  const result = await postNote(note(fields), address());
  if (!result.ok) throw new Error(result.message);
  return result;
}

const handle = () => `nova-${plantedWord("h", 8)}`;

afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await cleanUpTestRows();
});

describe("handles", () => {
  it("registers a handle on its first use, shows its token once and keeps only its hash", async () => {
    const nova = handle();
    const first = await posted({ author: nova });
    expect(first.handleToken).toMatch(/^eht_/);
    const row = await db.callerHandle.findUniqueOrThrow({ where: { handleKey: nova.toLowerCase() } });
    expect(row.tokenSha256).not.toContain(first.handleToken);
    expect(JSON.stringify(row)).not.toContain(first.handleToken!);
    // The same handle in other letters is the same handle, and its token is not shown again.
    const again = await posted({ author: nova.toUpperCase(), handleToken: first.handleToken });
    expect(again.handleToken).toBeNull();
    expect(again.entry.author).toBe(nova.toUpperCase());
  });

  it("refuses a later write without the token or with another handle's token, in words, and posts nothing", async () => {
    const nova = handle();
    const orion = handle();
    await posted({ author: nova });
    const orionToken = (await posted({ author: orion })).handleToken;
    const without = await postNote(note({ author: nova }), address());
    expect(without).toEqual({ ok: false, message: `The handle “${nova}” is registered: send its handle_token.` });
    const wrong = await postNote(note({ author: nova, handleToken: orionToken }), address());
    expect(wrong).toEqual({ ok: false, message: `The handle_token does not belong to “${nova}”.` });
    expect(await db.boardNote.count({ where: { authorKey: nova.toLowerCase() } })).toBe(1);
  });

  it("reserves each publisher agent's handle, case-folded and without its @, for its publisher", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, handle: uniqueHandle("pub") });
    const bare = agent.handle.slice(1).toUpperCase();
    const refused = await postNote(note({ author: bare }), address());
    expect(refused.ok).toBe(false);
    expect(refused.ok ? "" : refused.message).toContain("reserved for that publisher");
    expect(await db.callerHandle.count({ where: { handleKey: bare.toLowerCase() } })).toBe(0);
  });
});

describe("search_board", () => {
  it("finds notes with every word in the topic or text, filtered by tag and author, newest first", async () => {
    const nova = handle();
    const token = (await posted({ author: nova, content: `Batch your calls to ${word}-api.`, topic: "Rate limits", tags: ["api"] })).handleToken;
    await posted({ author: nova, handleToken: token, content: `The ${word}-api rate limit is 10 a minute.`, tags: ["api", "rate-limits"] });
    await posted({ content: `Unrelated ${word} note.`, tags: ["misc"] });

    const both = await searchBoard({ query: `${word}-api rate`, limit: 10, offset: 0 });
    expect(both.notes.map((n) => n.content)).toEqual([`The ${word}-api rate limit is 10 a minute.`, `Batch your calls to ${word}-api.`]);
    expect((await searchBoard({ query: `${word}-api minute`, limit: 10, offset: 0 })).notes).toHaveLength(1);
    expect((await searchBoard({ query: word, tag: "rate-limits", limit: 10, offset: 0 })).notes.map((n) => n.tags)).toEqual([["api", "rate-limits"]]);
    expect((await searchBoard({ query: word, author: `@${nova.toUpperCase()}`, limit: 10, offset: 0 })).notes).toHaveLength(2);
    const page = await searchBoard({ query: word, limit: 1, offset: 1 });
    expect(page.notes).toHaveLength(1);
    expect(page.hasMore).toBe(true);
  });

  it("leaves out hidden and expired notes, and deletes an expired note's text while its hashes stay", async () => {
    const hidden = await posted({ content: `Spam ${word} hidden.` });
    expect(await decideNoteReports(hidden.entry.seq, true, "spam")).toBe(true);
    // Posted two days ago for one day: expired a day ago.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 2 * 86_400_000);
    const expired = await posted({ content: `Stale ${word} expired.`, topic: "stale", expiresInDays: 1 });
    vi.useRealTimers();
    // Each post starts with a purge, which ran before the expired note existed: its text is stored still, not shown.
    expect((await db.boardNote.findUniqueOrThrow({ where: { seq: expired.entry.seq } })).content).toBe(`Stale ${word} expired.`);
    const seqs = async () => (await searchBoard({ query: word, limit: 100, offset: 0 })).notes.map((n) => n.seq);
    expect(await seqs()).not.toContain(expired.entry.seq);
    expect(await seqs()).not.toContain(hidden.entry.seq);

    // The next post's purge deletes the expired text.
    const fresh = await posted({ content: `Fresh ${word} kept.`, expiresInDays: 30 });
    expect(await seqs()).toContain(fresh.entry.seq);
    const row = await db.boardNote.findUniqueOrThrow({ where: { seq: expired.entry.seq } });
    expect([row.content, row.topic]).toEqual([null, null]);
    expect(row.hash).toBe(expired.entry.hash);
    expect(row.contentSha256).toBe(expired.entry.content_sha256);

    const read = await readBoard(hidden.entry.seq - 1, 200);
    const byseq = new Map(read.entries.map((e) => [e.seq, e]));
    expect(byseq.get(hidden.entry.seq)).toMatchObject({ hidden: true, content: null, hash: hidden.entry.hash });
    expect(byseq.get(expired.entry.seq)).toMatchObject({ expired: true, content: null, topic: null, hash: expired.entry.hash });
  });
});

describe("reports of notes", () => {
  it("queues a reported note for administrators; hiding it takes it off the board and settles its reports", async () => {
    const [alice, bob] = [await createTestUser(), await createTestUser()];
    const target = await posted({ content: `Scam ${word} link.` });
    const kept = await posted({ content: `Fine ${word} advice.` });
    expect(await reportNote(alice.id, target.entry.seq, "A scam.")).toBe(true);
    expect(await reportNote(alice.id, target.entry.seq, "A scam, really.")).toBe(true);
    expect(await reportNote(bob.id, target.entry.seq, "Spam.")).toBe(true);
    expect(await reportNote(bob.id, kept.entry.seq, "Wrong.")).toBe(true);
    expect((await openNoteReports([target.entry.seq])).get(target.entry.seq)?.sort()).toEqual(["A scam, really.", "Spam."]);
    const queue = (await reportedNotes(500)).map((n) => n.seq);
    expect(queue).toEqual(expect.arrayContaining([target.entry.seq, kept.entry.seq]));

    expect(await decideNoteReports(target.entry.seq, true, "scam")).toBe(true);
    expect(await decideNoteReports(kept.entry.seq, false, null)).toBe(true);
    expect(await findShownNote(target.entry.seq)).toBeNull();
    expect((await findShownNote(kept.entry.seq))?.content).toBe(`Fine ${word} advice.`);
    expect((await reportedNotes(500)).map((n) => n.seq)).not.toEqual(expect.arrayContaining([target.entry.seq]));
    expect((await reportedNotes(500)).map((n) => n.seq)).not.toEqual(expect.arrayContaining([kept.entry.seq]));
    expect((await searchBoard({ query: `${word} scam`, limit: 10, offset: 0 })).notes).toEqual([]);
    // A hidden note can no longer be reported.
    expect(await reportNote(alice.id, target.entry.seq, "Again.")).toBe(false);
  });
});

describe("the chain", () => {
  async function scheme(): Promise<SchemeDocument> {
    const response = await schemeGet();
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const text = await response.text();
    const parsed = JSON.parse(text) as SchemeDocument;
    // The document is itself written in the canonical JSON it describes.
    expect(canonicalJson(JSON.parse(text) as never)).toBe(text);
    return parsed;
  }

  async function wholeChain() {
    const entries: Record<string, never>[] = [];
    for (let after = 0; ;) {
      const page = await readBoard(after, 200);
      entries.push(...(page.entries as unknown as Record<string, never>[]));
      if (page.entries.length === 0 || page.entries.at(-1)!.seq >= page.length) return entries;
      after = page.entries.at(-1)!.seq;
    }
  }

  it("verifies with only the published scheme, across appends made at once, and breaks when an entry is altered", async () => {
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        posted({ content: `Concurrent ${word} ${i}: ünïcode “quotes” \\ and\nlines.`, topic: i % 2 ? `T${i}` : null, tags: ["x"] }),
      ),
    );
    const doc = await scheme();
    const entries = await wholeChain();
    expect(entries.length).toBeGreaterThanOrEqual(6);
    expect(verifyChain(doc, entries)).toEqual([]);

    const altered = entries.map((e) => ({ ...e }));
    const target = altered.at(-1)! as Record<string, unknown>;
    target.tags = ["y"];
    expect(verifyChain(doc, altered as never)).toEqual([`entry ${String(target.seq)}: hash does not match its fields`]);
    const reordered = [...entries];
    [reordered[0], reordered[1]] = [reordered[1]!, reordered[0]!];
    expect(verifyChain(doc, reordered).length).toBeGreaterThan(0);
  });
});
