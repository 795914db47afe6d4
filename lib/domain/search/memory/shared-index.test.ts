import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import type { JsonObject } from "@/lib/model/agent-file/types";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { noFilters, type SearchFilters } from "@/lib/domain/search/filters";
import { SharedIndex } from "./shared-index";
import { loadSharedIndex, patchSharedIndex } from "./load";
import { setAgentPublished } from "@/lib/domain/agents/publishing";
import { suspendListing } from "@/lib/domain/moderation/decisions";
import { searchServiceItems } from "@/lib/edges/api/reads";
import { countFacets, countMatching, findMatchingIds, findMatchingIdsRankingEveryMatch } from "@/lib/domain/search/search";
import { plantedWord } from "@/lib/testing/planted-word";

// The shared index answers exactly what PostgreSQL's statements answer. Planted listings vary every fact a
// facet, filter or order reads (categories, classes, plans, languages, regions, data rules, tags, 18+, suspended
// and unlisted rows, sample tests inside and outside their windows, a pending endpoint, reputation, runs, ties
// of every order); a few hundred searches mixing words (prefixes, corrections, stop words, an exact name),
// filters, audiences, orders, pages and moments are answered both ways and must be equal. Every search holds a
// made-up word, so rows other test files write never match.

const word = plantedWord("zx");
const other = plantedWord("zy");
const SUFFIXES = ["alpha", "beta", "gamma", "delta"];
const CATEGORIES = ["weather.current", "finance.quotes", "travel.flights", "real_estate.search"];
const CLASSES = ["read_only", "transformation", "external_action"];
const TAGS = [["mortgages"], ["flights", "hotels"], [], ["stocks", "forex", "mortgages"]];
const handles: string[] = [];
const owners: Viewer[] = [];
const NOW = new Date();
const DAY = 86_400_000;
let capabilityIds: string[] = [];
let index: SharedIndex;
let adult: Viewer;
let youngster: Viewer;

function capability(i: number): JsonObject {
  const mature = i % 9 === 8;
  const plans: (JsonObject[] | undefined)[] = [
    undefined,
    [{ type: "per_call", price_usd: 0.1 }],
    [
      { type: "free", daily_limit: 5 },
      { type: "per_call", price_usd: 0.2 },
    ],
    undefined,
    [
      { type: "pack", price_usd: 12, calls: 500 },
      { type: "subscription", price_usd: 9.5, period: "monthly" },
    ],
    [{ type: "subscription", plan_id: "yearly", price_usd: 90, period: "fortnight" }, { type: "free" }],
  ];
  const offered = plans[i % 6];
  const data: (JsonObject | undefined)[] = [
    undefined,
    { inputs: { retention: "none" }, used_for_training: false, processing_regions: ["DE"] },
    { inputs: { retention: "retained", days: 3 }, used_for_training: true, processing_regions: ["DE", "US"] },
    { used_for_training: false, processing_regions: ["EU"] },
    { inputs: { retention: "none" } },
  ];
  const rules = data[i % 5];
  return {
    tool: `tool_${i}`,
    // capability(3)'s name is a query's exact words; the others' hold their number.
    name: i === 3 ? `${word}delta gadget` : `${word}${SUFFIXES[i % 4]} gadget ${i}`,
    // Some summaries hold a second word the planted word begins: a word's score is its best one.
    summary: `Gives ${i % 3 === 0 ? `the ${other} of ` : ""}planted row ${i}${i % 5 === 0 ? `, ${word}omega` : ""}.`,
    category: CATEGORIES[(i * 7) % 4] ?? "weather.current",
    limitations: "Test rows only.",
    class: CLASSES[i % 3] ?? "read_only",
    ...(i % 3 === 2 ? { outside_action: "schedule" } : {}),
    tags: TAGS[i % 4] ?? [],
    output_schema: { type: "object" },
    ...(offered ? { plans: offered, storage_free_accepted: true } : {}),
    ...(rules ? { data: rules } : {}),
    ...(i % 2 === 0 ? { example: { input: { n: i }, expected_output: { ok: true } } } : {}),
    ...(mature ? { content_rating: "mature", mature_reasons: ["alcohol"] } : {}),
  };
}

/** Imports a new agent, or again the agent `again` (its place in `handles`) with these capabilities. */
async function importAgent(languages: string[], capabilities: JsonObject[], again?: number): Promise<void> {
  const [owner, handle] = again === undefined ? [await createTestUser(), uniqueHandle("fi")] : [owners[again], handles[again]];
  if (!owner || !handle) throw new Error(`no agent ${again}`);
  if (again === undefined) {
    owners.push(owner);
    handles.push(handle);
  }
  const text = JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: `Facet Index Agent ${languages.join(" ")}`, purpose: "Holds planted rows.", languages },
    adapter: { endpoint: "https://mcp.example.test/mcp" },
    payment: { link: "https://pay.example.test/x" },
    capabilities,
  });
  const result = await importAgentFile({ text, ownerId: owner.id, publish: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
}

async function sampleTest(capabilityId: string, status: "passed" | "failed", daysAgo: number): Promise<void> {
  await db.sampleTest.create({
    data: { capabilityId, capabilityVersion: "1.0.0", status, startedAt: new Date(NOW.getTime() - daysAgo * DAY), jobId: `job-${randomUUID()}` },
  });
}

beforeAll(async () => {
  await importAgent(
    ["en"],
    Array.from({ length: 18 }, (_, i) => capability(i)),
  );
  await importAgent(
    ["de", "fr"],
    Array.from({ length: 18 }, (_, i) => capability(i + 18)),
  );
  await importAgent(
    ["en", "de"],
    Array.from({ length: 18 }, (_, i) => capability(i + 36)),
  );
  const rows = await db.capability.findMany({ where: { agent: { handle: { in: handles } } }, select: { id: true, tool: true } });
  // capabilityIds[i] is capability(i)'s row.
  capabilityIds = rows.sort((a, b) => Number(a.tool.slice(5)) - Number(b.tool.slice(5))).map((r) => r.id);
  // Sample tests inside and outside the 7-day and 3-day windows, as the index must judge them at each moment.
  for (const [n, id] of capabilityIds.entries()) {
    if (n % 6 === 0) await sampleTest(id, "passed", 1);
    if (n % 6 === 1) await sampleTest(id, "passed", 6.5);
    if (n % 6 === 2) await sampleTest(id, "failed", 1);
    if (n % 6 === 3) {
      await sampleTest(id, "passed", 5);
      await sampleTest(id, "failed", 2);
    }
    if (n % 6 === 4) await sampleTest(id, "passed", 2.5);
  }
  const [suspended, unlisted] = capabilityIds;
  await db.capability.update({ where: { id: suspended }, data: { suspendedAt: NOW } });
  await db.capability.update({ where: { id: unlisted }, data: { listed: false } });
  await db.agent.update({ where: { handle: handles[2] }, data: { endpointPending: true } });
  adult = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
  youngster = await createTestUser({ dateOfBirth: new Date(NOW.getTime() - 15 * 365 * DAY), showMature: true });
  // "Most run", with ties: the triggers keep these figures; set here, they need no runs planted.
  await db.$executeRaw`UPDATE "CapabilityStats" SET "runs" = (("position" * 7) % 4) WHERE "capabilityId" = ANY(${capabilityIds}::text[])`;
  // Read 7 listings at a time, so every answer below crosses the loader's chunk boundaries many times.
  index = await loadSharedIndex({ chunk: 7 });
});

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

/** A small deterministic generator, so a failure names a search that fails again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

function searches(count: number): { f: SearchFilters; viewer: Viewer | null; now: Date }[] {
  const next = random(16);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)] as T;
  const maybe = <T>(values: readonly T[]): T | null => (next() < 0.75 ? null : pick(values));
  const queries = [
    word,
    `${word}alp`,
    `${word}gamma`,
    `${word} ${other}`,
    `${other} ${word}beta`,
    `the ${word}`,
    `${word}delta gadget`,
    `${word}beta gadget 5`,
    `${word} nothingzz`,
    `${word.slice(0, 4)}${word.slice(5)}`,
  ];
  return Array.from({ length: count }, () => ({
    viewer: pick([null, null, adult, youngster]),
    now: new Date(NOW.getTime() + pick([0, 0, 1.5, 4, 8]) * DAY),
    f: {
      ...noFilters,
      query: pick(queries),
      category: maybe(["weather", "finance", "travel", "real_estate", "dating"]),
      class: maybe(["read_only", "transformation", "external_action"] as const),
      price: maybe(["free_to_try", "free", "paid"] as const),
      language: maybe(["en", "de", "fr", "it"]),
      region: maybe(["DE", "US", "EU"]),
      tags: next() < 0.8 ? [] : next() < 0.8 ? [pick(["mortgages", "flights", "stocks"])] : ["mortgages", "stocks"],
      sampleTested: next() < 0.15,
      dataRules: next() < 0.8 ? [] : [pick(["inputs_not_retained", "no_training"] as const)],
      minReputation: maybe([0, 0.5, 1]),
      includeUnreachable: next() < 0.6,
      matchingIds: next() < 0.9 ? null : capabilityIds.filter(() => next() < 0.5),
    },
  }));
}

describe("the shared index", () => {
  it("loads only listings someone may see: no suspended or unlisted row", () => {
    const f = { ...noFilters, query: word };
    const total = (viewer: "everyone" | "adults") => index.count(viewer, f, [{ prefixes: [word], exact: null }], NOW).find((r) => r.facet === "total")?.n;
    // 54 planted, 2 taken down; 6 of the others are 18+.
    expect(total("adults")).toBe(52);
    expect(total("everyone")).toBe(46);
  });

  it("says where a load's time went: the order by name, and waiting for the chunks", async () => {
    const timings = { namesMs: 0, waitingMs: 0 };
    const started = performance.now();
    await loadSharedIndex({ chunk: 7, timings });
    const elapsed = performance.now() - started;
    // Each is at least one round trip to PostgreSQL, and both are parts of the load.
    expect(timings.namesMs).toBeGreaterThan(0);
    expect(timings.waitingMs).toBeGreaterThan(0);
    expect(timings.namesMs + timings.waitingMs).toBeLessThan(elapsed);
  });

  it("counts every facet as PostgreSQL does, for every audience, search and moment", async () => {
    await expectCountsAsPostgres(index);
  });

  it("orders every page as PostgreSQL does, from the postings and ranking every match, in every order", async () => {
    await expectPagesAsPostgres(index);
  });

  it("orders every page as PostgreSQL does when only a search's best few matches are held in order", async () => {
    // Ten: enough for a page of some searches, too few for others (filters leave fewer, or a later page).
    await expectPagesAsPostgres(await loadSharedIndex({ rank: { best: 10, deepest: 1, from: 0 } }));
  });

  it("gives the API the same items, figures of the moment included, as PostgreSQL does", async () => {
    await expectItemsAsPostgres(index);
    // Figures only for a listing the audience may see: capability(8) is 18+, capability(0) suspended.
    const [suspended, mature] = [capabilityIds[0] ?? "", capabilityIds[8] ?? ""];
    expect(index.health("adults", mature, NOW)).toBeDefined();
    expect(index.health("everyone", mature, NOW)).toBeUndefined();
    expect(index.health("adults", suspended, NOW)).toBeUndefined();
    expect(index.card("adults", mature)?.name).toContain(word);
    expect(index.card("everyone", mature)).toBeUndefined();
    expect(index.card("adults", suspended)).toBeUndefined();
  });

  it("answers an API search it holds every item of without asking PostgreSQL anything", async () => {
    const f = { ...noFilters, query: `${word}alp` };
    const page = { sort: "relevance", limit: 7, offset: 0 } as const;
    // Once, for the query's stems (read once per process).
    const first = await searchServiceItems(f, page, NOW, index);
    expect(first.services.length).toBeGreaterThan(1);
    const asked = vi.spyOn(db, "$queryRaw");
    try {
      expect(await searchServiceItems(f, page, NOW, index)).toEqual(first);
      expect(asked).not.toHaveBeenCalled();
      // Without the index, the same page is read from the catalog.
      expect(await searchServiceItems(f, page, NOW, null)).toEqual(first);
      expect(asked).toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
  });

  it("puts a name that says exactly the query first, above newer listings that score the same", async () => {
    const { ids } = await findMatchingIds(null, { ...noFilters, query: `${word}delta gadget` }, { sort: "relevance", limit: 3, offset: 0, now: NOW }, index);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(capabilityIds[3]);
  });

  it("takes in changed facts of a listing it holds, and ignores rows it does not", async () => {
    const f = { ...noFilters, query: word, sampleTested: true };
    const words = [{ prefixes: [word], exact: null }];
    const before = index.count("adults", f, words, NOW).find((r) => r.facet === "total")?.n ?? 0;
    // capability(2) has an example, and its one sample test failed.
    const fresh = capabilityIds[2] ?? "";
    const facts = {
      hasExample: true,
      lastTestPassed: true,
      lastTestAt: NOW.getTime() - DAY,
      lastPassAt: NOW.getTime() - DAY,
      endpointPending: false,
      reputation: 1,
      runs: 0,
    };
    index.updateFacts([
      { id: fresh, ...facts },
      { id: "not-a-listing", ...facts },
    ]);
    expect(index.count("adults", f, words, NOW).find((r) => r.facet === "total")?.n).toBe(before + 1);
  });
});

/** `searches(300)` counted from `index` and by PostgreSQL: the same facets and totals. */
async function expectCountsAsPostgres(index: SharedIndex): Promise<void> {
  let matched = 0;
  for (const { f, viewer, now } of searches(300)) {
    const [fromMemory, fromPostgres] = await Promise.all([countFacets(viewer, f, now, null, index), countFacets(viewer, f, now, null, null)]);
    expect({ search: f, viewer: viewer?.id ?? null, now, facets: fromMemory }).toEqual({ search: f, viewer: viewer?.id ?? null, now, facets: fromPostgres });
    expect(await countMatching(viewer, f, now, index)).toBe(fromPostgres.total);
    if (fromMemory.total > 0) matched += 1;
  }
  // The searches are not vacuous: many find something, and the filters leave some with nothing.
  expect(matched).toBeGreaterThan(100);
  expect(matched).toBeLessThan(300);
}

/** `searches(120)`'s API items from `index` and from PostgreSQL's catalog rows: the same, every field. */
async function expectItemsAsPostgres(index: SharedIndex): Promise<void> {
  let withFigures = 0;
  const prices = new Set<string>();
  const sorts = ["relevance", "newest", "most_run", "reputation", "name"] as const;
  for (const [n, { f, now }] of searches(120).entries()) {
    const page = { sort: sorts[n % 5] ?? "relevance", limit: 7, offset: 0 };
    const fromMemory = await searchServiceItems(f, page, now, index);
    expect({ search: f, page, now, items: fromMemory }).toEqual({ search: f, page, now, items: await searchServiceItems(f, page, now, null) });
    if (fromMemory.services.some((s) => s.sample_tested || s.unreachable || s.runs_30d > 0)) withFigures += 1;
    for (const s of fromMemory.services) prices.add(s.price_summary);
  }
  expect(withFigures).toBeGreaterThan(20);
  // Every kind of plan was worded: none, per call, free with a limit, a pack, a subscription of a period and of an unknown one.
  expect([...prices].sort()).toEqual(["$0.10/call", "500 calls $12 · $9.50/mo", "Free", "Free 5/day · $0.20/call", "Free · $90/fortnight"].sort());
}

/** `searches(300)`'s pages from `index`, from PostgreSQL's postings and ranking every match: the same, in every order. */
async function expectPagesAsPostgres(index: SharedIndex): Promise<void> {
  let found = 0;
  const sorts = ["relevance", "newest", "most_run", "reputation", "name"] as const;
  for (const [n, { f, viewer, now }] of searches(300).entries()) {
    const options = { sort: sorts[n % 5] ?? "relevance", limit: 7, offset: [0, 0, 5, 12, 3][n % 5] ?? 0, now };
    const fromMemory = await findMatchingIds(viewer, f, options, index);
    const fromPostgres = await findMatchingIds(viewer, f, options, null);
    expect({ search: f, options, viewer: viewer?.id ?? null, ids: fromMemory }).toEqual({ search: f, options, viewer: viewer?.id ?? null, ids: fromPostgres });
    expect(fromMemory.ids).toEqual(await findMatchingIdsRankingEveryMatch(viewer, f, options));
    if (fromMemory.ids.length > 1) found += 1;
  }
  expect(found).toBeGreaterThan(40);
}

// Last, as it writes: the listings every other test reads change here.
describe("the shared index after listing writes patched in", () => {
  it("answers as PostgreSQL does, as a fresh load would, without loading again", async () => {
    const agentId = async (handle: string | undefined) => (await db.agent.findUniqueOrThrow({ where: { handle }, select: { id: true } })).id;
    // The first agent again: renamed services (new words, new places by name), some dropped, two new ones.
    const renamed = Array.from({ length: 14 }, (_, i) => (i % 2 === 0 ? { ...capability(i), name: `${word}epsilon renamed ${i}` } : capability(i)));
    await importAgent(["en", "it"], [...renamed, capability(90), capability(91)], 0);
    // A new agent, in a language no listing had.
    await importAgent(
      ["it"],
      Array.from({ length: 12 }, (_, i) => capability(i + 60)),
    );
    const first = [await agentId(handles[0]), await agentId(handles[3])];
    const before = index.size;
    expect(await patchSharedIndex(index, first)).toBe("patched");
    // The API's items say what the write changed: the renamed services (by name; 0 stays suspended), and their agent's new display name.
    const renamedItems = await searchServiceItems({ ...noFilters, query: `${word}epsilon` }, { sort: "name", limit: 3, offset: 0 }, NOW, index);
    expect(renamedItems.services.map((s) => [s.name, s.agent.display_name])).toEqual(
      [10, 12, 2].map((i) => [`${word}epsilon renamed ${i}`, "Facet Index Agent en it"]),
    );
    // Then the second agent unpublished and a listing of the third suspended, patched on top of the first patch.
    expect(await setAgentPublished(owners[1] ?? adult, handles[1] ?? "", false)).toMatchObject({ ok: true });
    const suspended = await db.capability.findFirstOrThrow({ where: { agent: { handle: handles[2] }, tool: "tool_40" }, select: { capabilityId: true } });
    const admin = await createTestUser({ isAdmin: true });
    expect(await suspendListing(admin, { handle: handles[2] ?? "", capabilityId: suspended.capabilityId }, "Test suspension.")).toMatchObject({ ok: true });
    expect(await patchSharedIndex(index, [await agentId(handles[1]), await agentId(handles[2])])).toBe("patched");
    // And the first agent once more, placed among listings patched in before.
    await importAgent(["en"], [...renamed.slice(0, 8), capability(92)], 0);
    expect(await patchSharedIndex(index, [first[0] ?? ""])).toBe("patched");

    const fresh = await loadSharedIndex();
    expect(index.size).toBe(fresh.size);
    expect(index.size).not.toBe(before);
    await expectCountsAsPostgres(index);
    await expectPagesAsPostgres(index);
    await expectItemsAsPostgres(index);
  });
});
