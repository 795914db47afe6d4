import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { listingVisibleSql } from "@/lib/model/catalog/visibility";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { noFilters, type SearchFilters } from "@/lib/domain/search/filters";
import { findByPostings } from "./postings";
import { findMatchingIds, findMatchingIdsRankingEveryMatch } from "@/lib/domain/search/search";
import { plantedWord } from "@/lib/testing/planted-word";

// Searches of several words ranked from the postings: held to ranking every match (the SQL path) on the same
// rows, and to an order worked out here from how the rows were planted — a name that says exactly the query
// first, then the sum of each word's score (name > summary > limitations), ties newest first, then by row.

// Ending in a digit makes each word a "numword", which the english configuration keeps as it is (no stemming);
// a half-typed one is letters the stemmer leaves alone (see plantedWord).
const first = `${plantedWord("zx")}7`;
const second = `${plantedWord("zy")}7`;
// Another word the first one begins: a half-typed first word means both.
const firstLonger = `${first}zz`;
const query = `${first} ${second}`;

type Field = "name" | "summary" | "limitations";
const FIELDS: Field[] = ["name", "summary", "limitations"];
// What one occurrence earns, in proportion to ts_rank's weights: A 1.0, B 0.4, limitations at half of D (0.1).
const WEIGHT: Record<Field, number> = { name: 1, summary: 0.4, limitations: 0.05 };

type Planted = { id: string; tool: string; score: number; exact: boolean; transformation: boolean; createdAt: Date };
let planted: Planted[] = [];
/** Each visible row's score (by tool), set as it is planted. */
const scores = new Map<string, number>();
/** Rows a signed-out visitor must never get, by tool. */
const hidden = new Map<string, string>();
const HIDDEN = ["mature", "unpublished", "suspended"];
const handles = { older: uniqueHandle("w"), main: uniqueHandle("w"), draft: uniqueHandle("w"), later: uniqueHandle("w") };
let owner: Viewer;
const NOW = new Date();

function capability(tool: string, fields: JsonObject): JsonObject {
  return {
    tool,
    name: `Gadget ${tool.replace(/_/g, " ")}`,
    summary: "Gives one planted row.",
    category: "weather.current",
    limitations: "Test rows only.",
    class: "read_only",
    output_schema: { type: "object" },
    ...fields,
  };
}

/** A row with the first word in one field and the second in another (or the same). */
function placed(a: Field, b: Field, k: number): JsonObject {
  const text: Record<Field, string[]> = { name: [`Gadget ${k}`], summary: ["Gives"], limitations: ["No"] };
  text[a].push(first);
  text[b].push(second);
  scores.set(`${a}_${b}_${k}`, WEIGHT[a] + WEIGHT[b]);
  return capability(`${a}_${b}_${k}`, {
    name: text.name.join(" "),
    summary: `${text.summary.join(" and ")} for one planted row.`,
    limitations: `${text.limitations.join(" or ")} outside the tests.`,
    ...(k === 1 ? { class: "transformation" } : {}),
  });
}

async function importAs(handle: string, capabilities: JsonObject[], publish: boolean): Promise<void> {
  const document = {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Words Agent", purpose: "Holds planted rows.", languages: ["en"] },
    adapter: { endpoint: "https://mcp.example.test/mcp" },
    capabilities,
  };
  const result = await importAgentFile({ text: JSON.stringify(document), ownerId: owner.id, publish });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
}

beforeAll(async () => {
  owner = await createTestUser();
  // Older: the first word and a longer word it begins, both in the summary. Scored by its best word it ties
  // with the newer summary-and-summary rows and ranks below them; adding the two up would put it above.
  await importAs(
    handles.older,
    [0, 1, 2].map((k) => {
      scores.set(`older_${k}`, 2 * WEIGHT.summary);
      return capability(`older_${k}`, { summary: `Gives the ${first} and the ${firstLonger} and the ${second}.` });
    }),
    true,
  );
  scores.set("exact", 2 * WEIGHT.name);
  await importAs(
    handles.main,
    [
      ...FIELDS.flatMap((a) => FIELDS.flatMap((b) => [0, 1, 2].map((k) => placed(a, b, k)))),
      capability("exact", { name: query }),
      capability("mature", { name: `${query} tasting`, content_rating: "mature", mature_reasons: ["alcohol"] }),
      capability("suspended", { name: `${query} suspended` }),
    ],
    true,
  );
  await importAs(handles.draft, [capability("unpublished", { name: query })], false);
  const rows = await db.capability.findMany({
    where: { agent: { handle: { in: Object.values(handles) } } },
    select: { id: true, tool: true, class: true, createdAt: true },
  });
  for (const row of rows) if (HIDDEN.includes(row.tool)) hidden.set(row.tool, row.id);
  const suspended = hidden.get("suspended");
  if (!suspended) throw new Error("the suspended row was not planted");
  await db.capability.update({ where: { id: suspended }, data: { suspendedAt: NOW } });
  planted = rows.flatMap((r) => {
    const score = scores.get(r.tool);
    return score === undefined
      ? []
      : [{ id: r.id, tool: r.tool, score, exact: r.tool === "exact", transformation: r.class === "transformation", createdAt: r.createdAt }];
  });
});

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: Object.values(handles) } } });
  await cleanUpTestRows();
});

/** What a signed-out visitor must get, best first. */
function expected(only: (p: Planted) => boolean = () => true, exactName = true): string[] {
  return planted
    .filter(only)
    .sort(
      (x, y) =>
        Number(exactName && y.exact) - Number(exactName && x.exact) ||
        y.score - x.score ||
        y.createdAt.getTime() - x.createdAt.getTime() ||
        (x.id < y.id ? 1 : x.id > y.id ? -1 : 0),
    )
    .map((p) => p.id);
}

const signedOut = (extra: Prisma.Sql) => Prisma.sql`${listingVisibleSql(null)} AND ${extra}`;
const both = [
  { word: first, correction: null },
  { word: second, correction: null },
];

function filters(change: Partial<SearchFilters>): SearchFilters {
  return { ...noFilters, query, ...change };
}

async function ids(viewer: Viewer | null, f: SearchFilters, limit = 100, offset = 0): Promise<string[]> {
  return (await findMatchingIds(viewer, f, { sort: "relevance", limit, offset, now: NOW })).ids;
}

async function everyMatch(f: SearchFilters, limit = 100, offset = 0): Promise<string[]> {
  return findMatchingIdsRankingEveryMatch(null, f, { sort: "relevance", limit, offset, now: NOW });
}

const toolsOf = (list: string[] | null) => list?.map((id) => planted.find((p) => p.id === id)?.tool ?? id);

describe("a search of several words from the postings", () => {
  it("ranks exactly as ranking every match does: the exact name, then the sum of the words' scores, newest first", async () => {
    const all = expected();
    expect(all).toHaveLength(31);
    const fromPostings = await findByPostings({ words: both, where: signedOut(Prisma.sql`TRUE`), limit: 100, offset: 0 });
    expect(toolsOf(fromPostings)).toEqual(toolsOf(all));
    expect(toolsOf(await everyMatch(filters({})))).toEqual(toolsOf(all));
    expect(toolsOf(await ids(null, filters({})))).toEqual(toolsOf(all));
    // The older rows hold two words the first one means; only the better one counts, so they stay below the
    // newer rows with one of each in the summary.
    const tools = toolsOf(all) ?? [];
    expect(tools.indexOf("summary_summary_2")).toBeLessThan(tools.indexOf("older_0"));
  });

  it("matches a listing with one word in its name and the other only in its limitations, on both paths", async () => {
    const split = planted.filter((p) => p.tool.startsWith("name_limitations_") || p.tool.startsWith("limitations_name_")).map((p) => p.id);
    expect(split).toHaveLength(6);
    const fromPostings = await findByPostings({ words: both, where: signedOut(Prisma.sql`TRUE`), limit: 100, offset: 0 });
    expect(fromPostings).toEqual(expect.arrayContaining(split));
    expect(await everyMatch(filters({}))).toEqual(expect.arrayContaining(split));
  });

  it("keeps the visibility rule and the filters", async () => {
    const never = [...hidden.values()];
    expect(never).toHaveLength(3);
    const signedOutIds = await ids(null, filters({}));
    for (const id of never) expect(signedOutIds).not.toContain(id);
    // They are found by those who may see them: the rule left them out, not the postings.
    const adult = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
    expect(await ids(adult, filters({}))).toContain(hidden.get("mature"));
    expect(await ids(owner, filters({}))).toEqual(expect.arrayContaining([hidden.get("unpublished"), hidden.get("suspended")]));

    const only = expected((p) => p.transformation);
    expect(only).toHaveLength(9);
    expect(toolsOf(await ids(null, filters({ class: "transformation" })))).toEqual(toolsOf(only));
    expect(toolsOf(await everyMatch(filters({ class: "transformation" })))).toEqual(toolsOf(only));
  });

  it("finds the same matches from the postings when they are sorted otherwise (newest, most run, name)", async () => {
    // Fewer than 2,000 matches: found from the words' postings and sorted; every visible match, in the order asked.
    // No runs anywhere: "most run" ties are newest first as for "newest" (then agent.json order, then row).
    const newest = (
      await db.capability.findMany({
        where: { id: { in: planted.map((p) => p.id) } },
        orderBy: [{ createdAt: "desc" }, { position: "asc" }, { id: "asc" }],
        select: { id: true },
      })
    ).map((r) => r.id);
    for (const sort of ["newest", "most_run", "name"] as const) {
      const found = (await findMatchingIds(null, filters({}), { sort, limit: 100, offset: 0, now: NOW })).ids;
      expect([...found].sort(), sort).toEqual(planted.map((p) => p.id).sort());
      if (sort !== "name") expect(toolsOf(found), sort).toEqual(toolsOf(newest));
      for (const id of hidden.values()) expect(found, sort).not.toContain(id);
    }
    const transformations = (await findMatchingIds(null, filters({ class: "transformation" }), { sort: "most_run", limit: 100, offset: 0, now: NOW })).ids;
    expect([...transformations].sort()).toEqual(expected((p) => p.transformation).sort());
  });

  it("pages consistently", async () => {
    const all = expected();
    const pages: string[] = [];
    for (let offset = 0; offset < all.length; offset += 4) {
      const page = await findMatchingIds(null, filters({}), { sort: "relevance", limit: 4, offset, now: NOW });
      expect(page.ids, `offset ${offset}`).toEqual(all.slice(offset, offset + 4));
      expect(page.ids, `offset ${offset}`).toEqual(await everyMatch(filters({}), 4, offset));
      expect(page.hasMore).toBe(offset + 4 < all.length);
      pages.push(...page.ids);
    }
    expect(pages).toEqual(all);
  });

  it("ranks a corrected word and a half-typed one as ranking every match does", async () => {
    const typo = `${first.slice(0, 3)}${first.slice(4)}`;
    for (const words of [`${typo} ${second}`, `${first.slice(0, 5)} ${second}`]) {
      // Neither names the exact row, so it ranks by its score; a half-typed first word also means the longer word.
      const expectedIds = expected(() => true, false);
      expect(toolsOf(await ids(null, filters({ query: words }))), words).toEqual(toolsOf(expectedIds));
      expect(toolsOf(await everyMatch(filters({ query: words }))), words).toEqual(toolsOf(expectedIds));
    }
  });

  it("drops a stop word from the postings' reads, as ranking every match does, and matches nothing for stop words alone", async () => {
    const withStopWord = filters({ query: `the ${first} ${second}`, verbatim: true });
    const fromPostings = await findByPostings({
      words: [{ word: "the", correction: null }, ...both],
      where: signedOut(Prisma.sql`TRUE`),
      limit: 100,
      offset: 0,
    });
    expect(toolsOf(fromPostings ?? [])).toEqual(toolsOf(expected(() => true, false)));
    expect(toolsOf(await ids(null, withStopWord))).toEqual(toolsOf(expected(() => true, false)));
    expect(await everyMatch(withStopWord)).toEqual(await ids(null, withStopWord));
    // A stop word before one word: the one word's own reads.
    const oneWord = filters({ query: `the ${second}`, verbatim: true });
    expect(await ids(null, oneWord)).toEqual(await everyMatch(oneWord));
    expect(
      await findByPostings({
        words: [
          { word: "the", correction: null },
          { word: "and", correction: null },
        ],
        where: signedOut(Prisma.sql`TRUE`),
        limit: 10,
        offset: 0,
      }),
    ).toBeNull();
    expect(await ids(null, filters({ query: "the and", verbatim: true }))).toEqual([]);
  });

  it("finds a word added after a half-typed search was answered", async () => {
    const half = filters({ query: `${first.slice(0, 5)} ${second}`, verbatim: true });
    expect(await ids(null, half)).toHaveLength(31);
    await importAs(handles.later, [capability("later", { name: `Gadget ${first}yy ${second}` })], true);
    const later = await db.capability.findFirstOrThrow({ where: { agent: { handle: handles.later } }, select: { id: true } });
    expect(await ids(null, half)).toContain(later.id);
  });
});
