import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { findShownNote, type BoardEntry } from "./board";

// Board notes for a need (find_services): a shown note — neither hidden nor expired — is counted by how many of the
// need's words begin a word of its topic, text or tags (so "invoice" finds "invoices", and "api" does not find
// "rapid"). The caller decides how many words a match needs (need-match.ts's relevance floor).

export type NoteMatch = { note: BoardEntry; matched: string[] };

const hitRow = z.object({ seq: z.number().int(), hits: z.array(z.boolean()) });

/** Shown notes that at least `floor` of `words` find, most words first, then newest. */
export async function notesForNeed(words: readonly string[], floor: number, limit: number): Promise<NoteMatch[]> {
  if (words.length === 0) return [];
  // Words are letters and digits (queryWords); escaped anyway, as they reach a regular expression.
  const tests = words.map((word) => {
    const pattern = `\\m${word.replace(/[^\p{L}\p{N}]/gu, (c) => `\\${c}`)}`;
    return Prisma.sql`(coalesce(n."topic", '') ~* ${pattern} OR n."content" ~* ${pattern} OR array_to_string(n."tags", ' ') ~* ${pattern})`;
  });
  const rows = z.array(hitRow).parse(
    await db.$queryRaw<unknown[]>(Prisma.sql`
      SELECT seq, hits FROM (
        SELECT n."seq" AS seq, ARRAY[${Prisma.join(tests)}] AS hits
        FROM "BoardNote" n
        WHERE n."hiddenAt" IS NULL AND n."content" IS NOT NULL AND (n."expiresAt" IS NULL OR n."expiresAt" > now())
      ) m
      WHERE (SELECT count(*) FROM unnest(m.hits) h WHERE h) >= ${floor}
      ORDER BY (SELECT count(*) FROM unnest(m.hits) h WHERE h) DESC, seq DESC
      LIMIT ${limit}`),
  );
  const notes = await Promise.all(rows.map(async (row) => ({ note: await findShownNote(row.seq), matched: words.filter((_, i) => row.hits[i]) })));
  // A note hidden or expired between the two reads is left out.
  return notes.filter((m): m is NoteMatch => m.note !== null);
}
