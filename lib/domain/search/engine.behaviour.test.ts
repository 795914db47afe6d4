import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { setAgentPublished } from "@/lib/domain/agents/publishing";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { countFacets, countMatching, engineFor, findMatchingServices, queryCorrections, searchServices, splitHighlight } from "./search";
import type { SharedIndex } from "./memory/shared-index";
import { loadSharedIndex } from "./memory/load";
import { typoNotice } from "./typo-notice";
import { noFilters, type SearchFilters } from "./filters";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { plantedWord } from "@/lib/testing/planted-word";

// The behaviour of search, whichever engine answers (engine.ts): every case runs against PostgreSQL's engine and
// against the in-memory one, on the same rows. The in-memory engine answers the shared audiences (signed out,
// signed in without listings, adults with 18+ on); a publisher is answered by PostgreSQL whichever is asked, as
// the chooser says. The index here is loaded again after each write, as a server's live index would patch it
// (memory/live.test.ts holds that part).
// Each test run uses its own made-up words so rows from other tests never match.
const word = plantedWord("zq");
const handles: string[] = [];
const NOW = new Date();
let index: SharedIndex | null = null;
/** Which engine a case asks: PostgreSQL's (no index), or the in-memory one over `index`. */
let inMemory = false;
const source = () => (inMemory ? index : null);

/** After a write: the in-memory engine's index as it is now. */
async function written(): Promise<void> {
  if (inMemory) index = await loadSharedIndex();
}

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

function capability(tool: string, fields: JsonObject): JsonObject {
  return {
    tool,
    name: `Service ${tool}`,
    summary: "Does one thing for the search tests.",
    category: "weather.current",
    limitations: "Test rows only.",
    class: "read_only",
    output_schema: { type: "object" },
    ...fields,
  };
}

async function importAgent(fields: { displayName?: string; purpose?: string; capabilities: JsonObject[]; extra?: JsonObject }) {
  const owner = await createTestUser();
  const handle = uniqueHandle("s");
  handles.push(handle);
  const text = JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: fields.displayName ?? "Search Agent", purpose: fields.purpose ?? "Helps the search tests.", languages: ["en"] },
    adapter: { endpoint: "https://mcp.example.test/mcp" },
    capabilities: fields.capabilities,
    ...fields.extra,
  });
  const result = await importAgentFile({ text, ownerId: owner.id, publish: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return handle;
}

const ids = new Map<string, string>();

beforeAll(async () => {
  await importAgent({
    capabilities: [
      capability("in_name", { name: `${word} forecast` }),
      capability("in_summary", { summary: `Tells the ${word} for a place you name.` }),
      capability("in_limits", { limitations: `No ${word} outside Europe.` }),
      capability("hidden_mature", { name: `${word} tasting`, content_rating: "mature", mature_reasons: ["alcohol"] }),
    ],
  });
  await importAgent({
    purpose: `Knows about ${word} everywhere.`,
    capabilities: [
      capability("in_agent", { category: "finance.loans", tags: ["mortgages"], storage_free_accepted: true, plans: [{ type: "per_call", price_usd: 0.1 }] }),
    ],
    extra: {
      payment: { link: "https://pay.example.test/x" },
      defaults: { data: { inputs: { retention: "none" }, used_for_training: false, processing_regions: ["DE"] } },
    },
  });
  const rows = await db.capability.findMany({ where: { agent: { handle: { in: handles } } }, select: { id: true, tool: true } });
  for (const row of rows) ids.set(row.id, row.tool);
});

function filters(change: Partial<SearchFilters>): SearchFilters {
  return { ...noFilters, ...change };
}

async function tools(f: SearchFilters, sort: "relevance" | "name" = "relevance"): Promise<string[]> {
  const { rows } = await findMatchingServices(null, f, { sort, limit: 50, offset: 0, now: NOW }, source());
  return rows.map((r) => ids.get(r.id)).filter((t): t is string => t !== undefined);
}

const engines = [
  ["PostgreSQL", false],
  ["memory", true],
] as const;

describe.each(engines)("search answered by %s", (engine, memory) => {
  beforeAll(async () => {
    inMemory = memory;
    await written();
  });

  it("is answered by the engine asked for, for every shared audience", async () => {
    const adult = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
    const minor = await createTestUser({ dateOfBirth: new Date(NOW.getFullYear() - 15, 0, 1), showMature: true });
    for (const viewer of [null, await createTestUser(), adult, minor]) {
      expect((await engineFor(viewer, NOW, source())).kind, engine).toBe(memory ? "memory" : "postgres");
    }
  });

  it("ranks a match in the name above the summary, above the agent, above the limitations; mature stays hidden", async () => {
    expect(await tools(filters({ query: word }))).toEqual(["in_name", "in_summary", "in_agent", "in_limits"]);
  });

  it("tolerates typos and half-typed words", async () => {
    const typo = `${word.slice(0, 3)}${word.slice(4)}`; // one letter dropped
    expect(await tools(filters({ query: `${typo} forecast` }))).toContain("in_name");
    expect(await tools(filters({ query: "wether" }))).toEqual(expect.arrayContaining(["in_name", "in_summary"]));
    expect(await tools(filters({ query: "wea" }))).toEqual(expect.arrayContaining(["in_name", "in_summary"]));
    expect(await tools(filters({ query: "mortage" }))).toEqual(["in_agent"]);
  });

  it("finds tags by their aliases and marks the matched words", async () => {
    expect((await tools(filters({ query: `mortgage ${word}` })))[0]).toBe("in_agent");
    const { rows } = await findMatchingServices(null, filters({ query: word }), { sort: "relevance", limit: 1, offset: 0, now: NOW }, source());
    expect(rows[0]?.highlight?.name).toEqual([
      { text: word, mark: true },
      { text: " forecast", mark: false },
    ]);
  });

  it("filters by facets and counts what each would leave", async () => {
    const f = filters({ query: word });
    expect(await tools({ ...f, price: "paid" })).toEqual(["in_agent"]);
    expect(await tools({ ...f, category: "finance" })).toEqual(["in_agent"]);
    expect(await tools({ ...f, tags: ["mortgages"] })).toEqual(["in_agent"]);
    expect(await tools({ ...f, region: "DE", dataRules: ["inputs_not_retained", "no_training"] })).toEqual(["in_agent"]);
    expect(await tools({ ...f, language: "de" })).toEqual([]);
    const viewer = await createTestUser();
    const facets = await countFacets(viewer, f, NOW, undefined, source());
    expect(facets.total).toBe(4);
    expect(await countMatching(viewer, f, NOW, source())).toBe(4);
    expect(await countMatching(viewer, { ...f, price: "paid" }, NOW, source())).toBe(1);
    expect(facets.price).toEqual([
      { value: "free_to_try", label: null, count: 3 },
      { value: "free", label: null, count: 3 },
      { value: "paid", label: null, count: 1 },
    ]);
    expect(facets.category).toEqual(expect.arrayContaining([{ value: "weather", label: null, count: 3 }]));
    expect(facets.tag).toEqual(expect.arrayContaining([{ value: "mortgages", label: "Mortgages", count: 1 }]));
    expect(facets.data).toEqual(expect.arrayContaining([{ value: "no_training", label: null, count: 1 }]));
    expect(facets.language).toEqual([{ value: "en", label: null, count: 4 }]);
  });

  it("counts a chosen single-choice facet as if it were not set, so its other values stay in view", async () => {
    const f = filters({ query: word, category: "finance" });
    const facets = await countFacets(null, f, NOW, undefined, source());
    expect(facets.total).toBe(1);
    // Switching to weather would give 3: the category facet ignores its own choice ...
    expect(facets.category).toEqual([
      { value: "weather", label: null, count: 3 },
      { value: "finance", label: null, count: 1 },
    ]);
    // ... while every other facet counts within the chosen category.
    expect(facets.price).toEqual([{ value: "paid", label: null, count: 1 }]);
    expect(facets.language).toEqual([{ value: "en", label: null, count: 1 }]);
    // Two single choices: each facet is counted under the other's choice.
    const both = await countFacets(null, filters({ query: word, category: "weather", price: "paid" }), NOW, undefined, source());
    expect(both.total).toBe(0);
    expect(both.category).toEqual([{ value: "finance", label: null, count: 1 }]);
    expect(both.price).toEqual([
      { value: "free_to_try", label: null, count: 3 },
      { value: "free", label: null, count: 3 },
    ]);
  });

  it("says what typo correction did, and searches the words as typed when asked to", async () => {
    const corrections = await queryCorrections("mortage");
    expect(corrections).toEqual([{ word: "mortage", corrected: "mortgage" }]);
    expect(typoNotice("mortage", corrections)).toMatchObject({ shownFor: "mortgage", typed: "mortage" });
    expect(await tools(filters({ query: "mortage", verbatim: true }))).toEqual([]);
    expect(await queryCorrections("mortage", true)).toEqual([]);
    const page = await searchServices(null, filters({ query: "mortage" }), { sort: "relevance", page: 1, pageSize: 5 }, source());
    expect(page.corrections).toEqual(corrections);
  });

  it("shares counts among viewers who see the same listings, and counts a publisher's or an adult's own view", async () => {
    const f = filters({ query: word });
    const stranger = await createTestUser();
    const adult = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
    expect((await countFacets(null, f, NOW, undefined, source())).total).toBe(4);
    expect((await countFacets(stranger, f, NOW, undefined, source())).total).toBe(4);
    // 18+ on: the mature listing counts (adults share their counts, apart from everyone's).
    expect((await countFacets(adult, f, NOW, undefined, source())).total).toBe(5);
    expect(await countMatching(adult, f, NOW, source())).toBe(5);
    const adultPage = await findMatchingServices(adult, f, { sort: "relevance", limit: 50, offset: 0, now: NOW }, source());
    expect(adultPage.rows.map((r) => ids.get(r.id))).toContain("hidden_mature");
    // A minor never sees an 18+ listing, 18+ asked for or not.
    const minor = await createTestUser({ dateOfBirth: new Date(NOW.getFullYear() - 15, 0, 1), showMature: true });
    expect((await countFacets(minor, f, NOW, undefined, source())).total).toBe(4);
    expect(await countMatching(minor, f, NOW, source())).toBe(4);
    const minorPage = await findMatchingServices(minor, f, { sort: "relevance", limit: 50, offset: 0, now: NOW }, source());
    expect(minorPage.rows.map((r) => ids.get(r.id))).toEqual(["in_name", "in_summary", "in_agent", "in_limits"]);
    // A publisher's unpublished listing counts for them alone, right away, whatever is shared.
    const publisher = await createTestUser();
    const handle = uniqueHandle("s");
    handles.push(handle);
    const own = await importAgentFile({
      text: JSON.stringify({
        ekl: "1.0",
        mode: "service_provider",
        execution_mode: "storage_free",
        agent: { handle, display_name: "Unpublished", purpose: "Not out yet.", languages: ["en"] },
        adapter: { endpoint: "https://mcp.example.test/mcp" },
        capabilities: [capability("own_draft", { name: `${word} draft` })],
      }),
      ownerId: publisher.id,
    });
    expect(own.ok).toBe(true);
    expect((await engineFor(publisher, NOW, source())).kind).toBe("postgres");
    expect((await countFacets(publisher, f, NOW, undefined, source())).total).toBe(5);
    expect((await countFacets(stranger, f, NOW, undefined, source())).total).toBe(4);
    // Published: the write forgets what was counted before it, so everyone counts it at once.
    expect((await setAgentPublished(publisher, handle, true)).ok).toBe(true);
    await written();
    expect((await countFacets(stranger, f, NOW, undefined, source())).total).toBe(5);
    expect((await setAgentPublished(publisher, handle, false)).ok).toBe(true);
    await written();
    expect((await countFacets(stranger, f, NOW, undefined, source())).total).toBe(4);
  });

  it("tells free to try (a free plan, paid ones too) from free only", async () => {
    const both = plantedWord("zq");
    await importAgent({
      capabilities: [
        capability("quota_then_paid", {
          name: `${both} quota`,
          storage_free_accepted: true,
          plans: [
            { type: "free", daily_limit: 5 },
            { type: "per_call", price_usd: 0.01 },
          ],
        }),
        capability("only_free", { name: `${both} free` }),
        capability("only_paid", { name: `${both} paid`, storage_free_accepted: true, plans: [{ type: "pack", price_usd: 1, calls: 10 }] }),
      ],
      extra: { payment: { link: "https://pay.example.test/y" } },
    });
    await written();
    const rows = await db.capability.findMany({ where: { name: { startsWith: both } }, select: { id: true, tool: true } });
    for (const row of rows) ids.set(row.id, row.tool);
    const f = filters({ query: both });
    expect((await tools({ ...f, price: "free_to_try" })).sort()).toEqual(["only_free", "quota_then_paid"]);
    expect(await tools({ ...f, price: "free" })).toEqual(["only_free"]);
    expect((await tools({ ...f, price: "paid" })).sort()).toEqual(["only_paid", "quota_then_paid"]);
    expect((await countFacets(null, f, NOW, undefined, source())).price).toEqual([
      { value: "free_to_try", label: null, count: 2 },
      { value: "free", label: null, count: 1 },
      { value: "paid", label: null, count: 2 },
    ]);
  });

  it("stores new vocabulary tags on import, so their facets carry labels and their aliases find them", async () => {
    const sms = plantedWord("zq");
    await importAgent({
      capabilities: [capability("texts", { name: `${sms} texts`, category: "communication.sms", tags: ["communication.chat", "telephony"] })],
    });
    await written();
    const f = filters({ query: sms });
    expect((await countFacets(null, f, NOW, undefined, source())).tag).toEqual([
      { value: "communication", label: "Communication", count: 1 },
      { value: "messaging", label: "Messaging", count: 1 },
      { value: "voice_calls", label: "Voice calls", count: 1 },
    ]);
    expect(
      (await findMatchingServices(null, { ...f, category: "communication" }, { sort: "relevance", limit: 5, offset: 0, now: NOW }, source())).rows,
    ).toHaveLength(1);
    const byAlias = await findMatchingServices(null, filters({ query: `${sms} telecom` }), { sort: "relevance", limit: 5, offset: 0, now: NOW }, source());
    expect(byAlias.rows).toHaveLength(1);
  });

  it("sorts by name and pages", async () => {
    expect(await tools(filters({ query: word }), "name")).toEqual(["in_agent", "in_limits", "in_summary", "in_name"]);
    const first = await findMatchingServices(null, filters({ query: word }), { sort: "name", limit: 3, offset: 0, now: NOW }, source());
    const second = await findMatchingServices(null, filters({ query: word }), { sort: "name", limit: 3, offset: 3, now: NOW }, source());
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    expect(second.rows).toHaveLength(1);
  });

  it("pages by relevance and in every order, each page where the whole list has it", async () => {
    const f = filters({ query: word });
    for (const sort of ["relevance", "newest", "name", "most_run", "reputation"] as const) {
      const all = (await findMatchingServices(null, f, { sort, limit: 50, offset: 0, now: NOW }, source())).rows.map((r) => r.id);
      expect(all, sort).toHaveLength(4);
      const pages: string[] = [];
      for (let offset = 0; offset < 4; offset += 2) {
        const page = await findMatchingServices(null, f, { sort, limit: 2, offset, now: NOW }, source());
        expect(page.hasMore, sort).toBe(offset + 2 < 4);
        pages.push(...page.rows.map((r) => r.id));
      }
      expect(pages, sort).toEqual(all);
    }
  });

  it("sorts by name the same whether it walks the name index or sorts the matches it found", async () => {
    // With words this rare the matches are found and sorted; without words the name index is walked in order.
    const byQuery = await tools(filters({ query: word }), "name");
    const mine = [...ids.keys()];
    const byWalk = await tools(filters({ matchingIds: mine }), "name");
    const names = await db.capability.findMany({
      where: { id: { in: mine }, listed: true, contentRating: "general" },
      select: { tool: true, nameWords: true, id: true },
    });
    const expected = names.sort((x, y) => (x.nameWords < y.nameWords ? -1 : x.nameWords > y.nameWords ? 1 : x.id < y.id ? -1 : 1)).map((n) => n.tool);
    expect(byWalk).toEqual(expected);
    expect(byQuery).toEqual(expected.filter((t) => byQuery.includes(t)));
    expect(byQuery).toEqual(["in_agent", "in_limits", "in_summary", "in_name"]);
  });

  it("returns cards with plain fields through the page function", async () => {
    const { results, facets } = await searchServices(null, filters({ query: word }), { sort: "relevance", page: 1, pageSize: 24 }, source());
    expect(results.map((r) => r.capabilityId)).toEqual(["cap_in_name", "cap_in_summary", "cap_in_agent", "cap_in_limits"]);
    // The card's figures, the viewer's rules (none signed out) and the words marked come with each listing.
    expect(results[0]).toMatchObject({ name: `${word} forecast`, class: "read_only", stats: { runs30d: 0, sampleTestedAt: null }, rules: null });
    expect(results[0]?.highlight?.name.filter((part) => part.mark).map((part) => part.text)).toEqual([word]);
    expect(facets.total).toBe(4);
  });

  it("splits highlights at the markers", () => {
    expect(splitHighlight("a \u0001b\u0002 c")).toEqual([
      { text: "a ", mark: false },
      { text: "b", mark: true },
      { text: " c", mark: false },
    ]);
    expect(splitHighlight("plain")).toEqual([{ text: "plain", mark: false }]);
  });
});
