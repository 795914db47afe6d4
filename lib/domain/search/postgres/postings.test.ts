import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { listingVisibleSql } from "@/lib/model/catalog/visibility";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { noFilters } from "@/lib/domain/search/filters";
import { findByPostings } from "./postings";
import { findMatchingServices } from "@/lib/domain/search/search";
import { plantedWord } from "@/lib/testing/planted-word";

// The postings answer a one-word search exactly as ranking every match would: held to an order worked out
// here from how the rows were planted (an exact name first, then a match in the name, the summary, the
// limitations; ties newest first, then by row), on every page and with a filter that leaves only the
// lowest-ranked rows, so the first read of the postings is too short and the second must take over.

const word = plantedWord("zp");
const longer = `${word}zz`;
const handles = [uniqueHandle("p"), uniqueHandle("p"), uniqueHandle("p")];
// Imported first (so older), with a second word the half-typed query also means, in the limitations only.
const olderHandle = uniqueHandle("p");
type Planted = { id: string; field: number; exact: boolean; mature: boolean; transformation: boolean; older: boolean; createdAt: Date };
let planted: Planted[] = [];

function capability(agent: number, i: number): JsonObject {
  const field = i % 3; // 0 name, 1 summary, 2 limitations
  const mature = i % 10 === 5;
  return {
    tool: `tool_${i}`,
    capability_id: `cap_row_${i}`,
    name: agent === 0 && i === 0 ? word : field === 0 ? `Gadget ${word} number ${i}` : `Gadget number ${i}`,
    summary: field === 1 ? `Gives the ${word} for one planted row.` : "Gives one planted row.",
    category: "weather.current",
    limitations: field === 2 ? `No ${word} outside the tests.` : "Test rows only.",
    class: field === 2 && i % 2 === 0 ? "transformation" : "read_only",
    output_schema: { type: "object" },
    ...(mature ? { content_rating: "mature", mature_reasons: ["alcohol"] } : {}),
  };
}

function agentFile(handle: string, capabilities: JsonObject[]): JsonObject {
  return {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Postings Agent", purpose: "Holds planted rows.", languages: ["en"] },
    adapter: { endpoint: "https://mcp.example.test/mcp" },
    capabilities,
  };
}

beforeAll(async () => {
  const owner = await createTestUser();
  const older = Array.from({ length: 15 }, (_, i) => ({
    ...capability(1, 1),
    tool: `older_${i}`,
    capability_id: `cap_older_${i}`,
    name: `Older gadget ${i}`,
    summary: "Gives one planted row.",
    limitations: `No ${longer} here.`,
  }));
  const files = [
    agentFile(olderHandle, older),
    ...handles.map((handle, agent) =>
      agentFile(
        handle,
        Array.from({ length: 60 }, (_, i) => capability(agent, i)),
      ),
    ),
  ];
  for (const document of files) {
    const result = await importAgentFile({ text: JSON.stringify(document), ownerId: owner.id, publish: true });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
  }
  const rows = await db.capability.findMany({
    where: { agent: { handle: { in: [olderHandle, ...handles] } } },
    select: { id: true, name: true, summary: true, class: true, contentRating: true, createdAt: true, agent: { select: { handle: true } } },
  });
  planted = rows.map((r) => ({
    id: r.id,
    field: r.name.includes(word) ? 0 : r.summary.includes(word) ? 1 : 2,
    exact: r.name === word,
    mature: r.contentRating === "mature",
    transformation: r.class === "transformation",
    older: r.agent.handle === olderHandle,
    createdAt: r.createdAt,
  }));
});

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: [olderHandle, ...handles] } } });
  await cleanUpTestRows();
});

/** What a signed-out visitor must get, best first. */
function expected(only: (p: Planted) => boolean): string[] {
  return planted
    .filter((p) => !p.mature && only(p))
    .sort(
      (x, y) =>
        Number(y.exact) - Number(x.exact) || x.field - y.field || y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0),
    )
    .map((p) => p.id);
}

const signedOut = (extra: Prisma.Sql) => Prisma.sql`${listingVisibleSql(null)} AND ${extra}`;

describe("a one-word search from the postings", () => {
  it("ranks every page as ranking every match would", async () => {
    const all = expected(() => true);
    expect(all.length).toBeGreaterThan(150);
    for (const offset of [0, 10, 90, 150]) {
      const ids = await findByPostings({ words: [{ word, correction: null }], where: signedOut(Prisma.sql`TRUE`), limit: 11, offset });
      expect(ids, `offset ${offset}`).toEqual(all.slice(offset, offset + 11));
    }
  });

  it("reads further when a filter leaves only rows below the first read, and stays exact", async () => {
    const only = expected((p) => p.transformation);
    expect(only.length).toBeGreaterThan(10);
    const ids = await findByPostings({ words: [{ word, correction: null }], where: signedOut(Prisma.sql`c."class" = 'transformation'`), limit: 10, offset: 0 });
    expect(ids).toEqual(only.slice(0, 10));
  });

  it("ranks a row of a second word below the first word's unread postings where they belong", async () => {
    // The first read holds the 100 best postings of the word and all 15 of the longer word; the filter leaves
    // 5 of the word's best, 4 of its limitations matches (beyond the first read) and the longer word's rows,
    // which rank below those 4 (same rank, older). A page that ended on the longer word's rows after the
    // first read would skip the 4.
    const all = expected(() => true);
    const limitationsMatches = planted.filter((p) => p.field === 2 && !p.mature && !p.older).slice(0, 4);
    const longerRows = planted.filter((p) => p.older);
    const chosen = new Set([...all.slice(0, 5), ...limitationsMatches.map((p) => p.id), ...longerRows.map((p) => p.id)]);
    const ids = await findByPostings({ words: [{ word, correction: null }], where: signedOut(Prisma.sql`c."id" = ANY(${[...chosen]})`), limit: 11, offset: 0 });
    expect(ids).toEqual(expected((p) => chosen.has(p.id)).slice(0, 11));
    expect(ids?.slice(5, 9)).toEqual(expected((p) => limitationsMatches.includes(p)));
  });

  it("finds a half-typed word and a corrected one, and answers the search page and API the same way", async () => {
    const all = expected(() => true);
    const half = await findByPostings({ words: [{ word: word.slice(0, 6), correction: null }], where: signedOut(Prisma.sql`TRUE`), limit: 5, offset: 0 });
    // Half-typed, nothing is an exact name: the name matches lead, newest first.
    expect(half).toEqual(all.filter((id) => !planted.find((p) => p.id === id)?.exact).slice(0, 5));
    const corrected = await findByPostings({ words: [{ word: "zzzzzzzz", correction: word }], where: signedOut(Prisma.sql`TRUE`), limit: 5, offset: 0 });
    expect(corrected).toEqual(all.filter((id) => !planted.find((p) => p.id === id)?.exact).slice(0, 5));
    const { rows, hasMore } = await findMatchingServices(null, { ...noFilters, query: word }, { sort: "relevance", limit: 20, offset: 20, now: new Date() });
    expect(rows.map((r) => r.id)).toEqual(all.slice(20, 40));
    expect(hasMore).toBe(true);
  });
});
