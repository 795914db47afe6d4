import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { plantedWord } from "@/lib/testing/planted-word";
import { noFilters, type SearchFilters } from "./filters";
import { stemsOf } from "./lexemes";
import { countFacets, findMatchingIds, findMatchingIdsRankingEveryMatch, findMatchingServices } from "./search";
import type { SharedIndex } from "./memory/shared-index";
import { loadSharedIndex } from "./memory/load";

// A half-typed word whose end the stemmer rewrites ("analy" → "anali", while "analytics" → "analyt") still
// means the words it begins, on every path that answers a search: the postings, ranking every match, the shared
// index, the facet counts and the highlights.

const base = plantedWord("zk");
/** Ends in "y" after a consonant, which the english stemmer turns into "i". */
const half = `${base}y`;
const whole = { analytics: `${base}ytics`, analysis: `${base}ysis`, analyze: `${base}yze` };
const handle = uniqueHandle("h");
const planted = new Map<string, string>();
const NOW = new Date();
let index: SharedIndex;

function capability(tool: string, name: string): JsonObject {
  return {
    tool,
    name,
    summary: `Gives the ${name.toLowerCase()} of one planted row.`,
    category: "weather.current",
    limitations: "Test rows only.",
    class: "read_only",
    output_schema: { type: "object" },
  };
}

beforeAll(async () => {
  const owner = await createTestUser();
  const document = {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Half Agent", purpose: "Holds planted rows.", languages: ["en"] },
    adapter: { endpoint: "https://mcp.example.test/mcp" },
    capabilities: [...Object.entries(whole).map(([tool, word]) => capability(tool, `Gadget ${word}`)), capability("other", "Gadget other")],
  };
  const result = await importAgentFile({ text: JSON.stringify(document), ownerId: owner.id, publish: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  for (const row of await db.capability.findMany({ where: { agent: { handle } }, select: { id: true, tool: true } })) planted.set(row.tool, row.id);
  index = await loadSharedIndex();
});

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle } });
  await cleanUpTestRows();
});

const filters = (verbatim: boolean): SearchFilters => ({ ...noFilters, query: half, verbatim });
const options = { sort: "relevance" as const, limit: 10, offset: 0, now: NOW };
const wanted = () =>
  Object.keys(whole)
    .map((tool) => planted.get(tool) ?? tool)
    .sort();

describe("a half-typed word the stemmer rewrote", () => {
  it("is what this test is about: its stem begins none of the whole words' stems", async () => {
    const stems = await stemsOf([half, ...Object.values(whole)]);
    expect(stems.get(half)).toBe(`${base}i`);
    for (const word of Object.values(whole)) expect(stems.get(word)?.startsWith(`${base}y`), word).toBe(true);
  });

  for (const verbatim of [true, false]) {
    it(`means every word it begins, the same on every path (${verbatim ? "as typed" : "with typo correction"})`, async () => {
      const fromPostings = (await findMatchingIds(null, filters(verbatim), options, null)).ids;
      expect([...fromPostings].sort()).toEqual(wanted());
      expect(await findMatchingIdsRankingEveryMatch(null, filters(verbatim), options)).toEqual(fromPostings);
      expect((await findMatchingIds(null, filters(verbatim), options, index)).ids).toEqual(fromPostings);
      expect((await countFacets(null, filters(verbatim), NOW, null, null)).total).toBe(3);
      expect((await countFacets(null, filters(verbatim), NOW, null, index)).total).toBe(3);
    });
  }

  it("marks the words it begins in the results", async () => {
    const { rows } = await findMatchingServices(null, filters(true), options, null);
    const marked = rows.map((r) => r.highlight?.name.filter((part) => part.mark).map((part) => part.text.toLowerCase()));
    expect(marked.flat().sort()).toEqual(Object.values(whole).sort());
  });
});
