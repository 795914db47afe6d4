import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { listingsAs } from "@/lib/model/catalog/views";
import type { SearchFilters } from "@/lib/domain/search/filters";
import { meaningful, wordsOf, type MeantWord } from "@/lib/domain/search/words";
import { tsQuerySql } from "./sql";

// The search's words marked in a page's names and summaries (ts_headline), whichever engine found the page.

/** Text with the matched words marked, for highlighting. */
export type Highlighted = { text: string; mark: boolean }[];

/** A listing's name and summary with the search's words marked. */
export type Highlight = { name: Highlighted; summary: Highlighted };

const START = "\u0001";
const STOP = "\u0002";

const highlightRowSchema = z.object({ id: z.string(), name_hl: z.string(), summary_hl: z.string() });

/** Splits ts_headline's output at its markers. */
export function splitHighlight(marked: string): Highlighted {
  const out: Highlighted = [];
  let rest = marked;
  while (rest.length > 0) {
    const start = rest.indexOf(START);
    if (start === -1) {
      out.push({ text: rest, mark: false });
      break;
    }
    if (start > 0) out.push({ text: rest.slice(0, start), mark: false });
    const stop = rest.indexOf(STOP, start + 1);
    const end = stop === -1 ? rest.length : stop;
    const word = rest.slice(start + 1, end);
    if (word) out.push({ text: word, mark: true });
    rest = stop === -1 ? "" : rest.slice(stop + 1);
  }
  return out;
}

function headlineSql(column: Prisma.Sql, words: MeantWord[]): Prisma.Sql {
  return Prisma.sql`ts_headline('english', ${column}, ${tsQuerySql(words)}, ${`HighlightAll=true, StartSel=${START}, StopSel=${STOP}`})`;
}

/** The name and summary of these listings with the search's words marked (none without words that mean something). */
export async function highlightsOf(ids: readonly string[], f: SearchFilters): Promise<Map<string, Highlight>> {
  const words = await wordsOf(f);
  const marked = words ? meaningful(words) : [];
  if (marked.length === 0 || ids.length === 0) return new Map();
  const raw = await db.$queryRaw<unknown[]>(Prisma.sql`
    SELECT c."id", ${headlineSql(Prisma.sql`c."name"`, marked)} AS name_hl, ${headlineSql(Prisma.sql`c."summary"`, marked)} AS summary_hl
    FROM ${listingsAs("c")} WHERE c."id" = ANY(${[...ids]}::text[])`);
  return new Map(
    z
      .array(highlightRowSchema)
      .parse(raw)
      .map((r) => [r.id, { name: splitHighlight(r.name_hl), summary: splitHighlight(r.summary_hl) }]),
  );
}
