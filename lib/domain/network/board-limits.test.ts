import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  vi.stubEnv("RATE_LIMIT_BOARD_POSTS", "2/1h");
});

import { db } from "@/lib/foundations/db/client";
import { newNote } from "@/lib/testing/board-notes";
import { plantedWord } from "@/lib/testing/planted-word";
import { postNote, type NewNote } from "./board";

// RATE_LIMIT_BOARD_POSTS counts each post against its client address and its author handle: the third in the
// window is refused in the limit's words, and nothing is appended to the chain.

const word = plantedWord("bl");
const address = (n: number) => `10.88.${n}.${Math.floor(Math.random() * 250)}`;
const note = (fields: Partial<NewNote>): NewNote => newNote(`Limited ${word}.`, fields);
const refusal = "Too many board notes and keys in a short time; nothing was written. Try again in 60 minutes.";

describe("board post limits", () => {
  it("refuses a client address's third note in the window", async () => {
    const from = address(1);
    expect((await postNote(note({}), from)).ok).toBe(true);
    expect((await postNote(note({}), from)).ok).toBe(true);
    const before = await db.boardNote.count({ where: { content: `Limited ${word}.` } });
    expect(await postNote(note({}), from)).toEqual({ ok: false, message: refusal });
    expect(await db.boardNote.count({ where: { content: `Limited ${word}.` } })).toBe(before);
  });

  it("refuses a handle's third note in the window, from whatever address; tokenless tries do not count", async () => {
    const author = `limited-${plantedWord("h", 8)}`;
    const first = await postNote(note({ author }), address(2));
    if (!first.ok) throw new Error(first.message);
    // A post naming the handle without its token counts nothing against the handle.
    expect((await postNote(note({ author, handleToken: "eht_wrong" }), address(3))).ok).toBe(false);
    expect((await postNote(note({ author, handleToken: first.handleToken }), address(4))).ok).toBe(true);
    expect(await postNote(note({ author, handleToken: first.handleToken }), address(5))).toEqual({ ok: false, message: refusal });
  });
});
