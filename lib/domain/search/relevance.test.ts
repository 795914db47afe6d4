import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { loadDemoAgents } from "@/demo/agent-files";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { findMatchingServices } from "./search";
import { noFilters } from "./filters";
import type { SharedIndex } from "./memory/shared-index";
import { loadSharedIndex } from "./memory/load";
import { plantedWord } from "@/lib/testing/planted-word";

// The relevance suite: what a person expects of the ranking, on planted listings and on the demo network.
// Every search is held to this suite's own rows (`matchingIds`), so listings other test files create in
// the same database never take a place; the demo agents are imported under fresh handles for the same
// reason. Any change to ranking or matching (issue #16's work on speed) must keep these true. Every test runs
// twice: ranked by PostgreSQL, and by the shared index that answers signed-out visitors and other shared
// audiences in the servers (publishers always ask PostgreSQL).

const NOW = new Date();
const handles: string[] = [];
const toolOf = new Map<string, string>();
const nameOf = new Map<string, string>();
let suiteIds: string[] = [];
let publisher: Viewer;
let index: SharedIndex | null = null;

type DemoListing = { id: string; name: string; mature: boolean };
const demo: DemoListing[] = [];

async function importText(document: JsonObject): Promise<void> {
  const result = await importAgentFile({ text: JSON.stringify(document), ownerId: publisher.id, publish: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
}

function plantedAgent(handle: string, capabilities: JsonObject[]): JsonObject {
  return {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Relevance Agent", purpose: "Holds the ranking tests' rows.", languages: ["en"] },
    adapter: { endpoint: "https://mcp.example.test/mcp" },
    capabilities: capabilities.map((c) => ({
      summary: "Does one thing for the ranking tests.",
      category: "weather.current",
      limitations: "Test rows only.",
      class: "read_only",
      output_schema: { type: "object" },
      ...c,
    })),
  };
}

// Words of the suite's own: nothing else in the database says them.
const tide = plantedWord("zt");
const harbour = plantedWord("zh");

beforeAll(async () => {
  publisher = await createTestUser();
  const planted = uniqueHandle("r");
  handles.push(planted);
  await importText(
    plantedAgent(planted, [
      // Says the query's words more often than the exact name does: frequency alone would rank it first.
      { tool: "longer_name", name: `${tide} ${harbour} guide with ${tide} ${harbour} tables` },
      { tool: "exact_name", name: `${tide} ${harbour}` },
      { tool: "in_summary", name: "Almanac", summary: `Gives the ${tide} ${harbour} for every port.` },
      { tool: "tag_only", name: "Loan almanac", summary: `About ${tide} and loans.`, tags: ["mortgages"] },
      { tool: "name_mortgage", name: `Mortgage ${tide} planner` },
      { tool: "summary_mortgage", name: "Planner", summary: `Plans a mortgage for ${tide} buyers.` },
    ]),
  );

  for (const { agent } of loadDemoAgents()) {
    const handle = uniqueHandle("d");
    handles.push(handle);
    await importText({ ...(agent as JsonObject), agent: { ...(agent.agent as JsonObject), handle } });
  }

  const rows = await db.capability.findMany({
    where: { agent: { handle: { in: handles } }, listed: true },
    select: { id: true, tool: true, name: true, contentRating: true, agent: { select: { handle: true } } },
  });
  for (const row of rows) {
    toolOf.set(row.id, row.tool);
    nameOf.set(row.id, row.name);
    if (row.agent.handle !== planted) demo.push({ id: row.id, name: row.name, mature: row.contentRating === "mature" });
  }
  suiteIds = rows.map((r) => r.id);
  index = await loadSharedIndex();
});

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

const rankers = [
  ["ranked by PostgreSQL", () => null],
  ["ranked by the shared index", () => index],
] as const;

describe.each(rankers)("relevance, %s", (_, source) => {
  async function ranked(query: string, viewer: Viewer | null = null): Promise<string[]> {
    const f = { ...noFilters, query, matchingIds: suiteIds };
    const { rows } = await findMatchingServices(viewer, f, { sort: "relevance", limit: 50, offset: 0, now: NOW }, source());
    return rows.map((r) => r.id);
  }

  async function rankedTools(query: string): Promise<string[]> {
    return (await ranked(query)).map((id) => toolOf.get(id) ?? id);
  }

  it("ranks an exact name match first, even above a name that repeats the words", async () => {
    const tools = await rankedTools(`${tide} ${harbour}`);
    expect(tools[0]).toBe("exact_name");
    expect(tools.indexOf("longer_name")).toBeLessThan(tools.indexOf("in_summary"));
  });

  it("ranks a name match above a summary match above a tag match", async () => {
    expect(await rankedTools(`mortgage ${tide}`)).toEqual(["name_mortgage", "summary_mortgage", "tag_only"]);
  });

  it("finds every demo service first by its own name", async () => {
    const misranked: string[] = [];
    for (const listing of demo.filter((d) => !d.mature)) {
      const first = (await ranked(listing.name))[0];
      if (first !== listing.id) misranked.push(`${listing.name} → ${first ? nameOf.get(first) : "nothing"}`);
    }
    expect(misranked).toEqual([]);
  });

  it("finds the corrected word when a demo name is misspelt", async () => {
    for (const [typo, name] of [
      ["temprature converter", "Temperature converter"],
      ["pasword strength", "Password strength check"],
      ["amortisation schedule", "Amortization schedule"],
      ["readabilty", "Readability score"],
    ] as const) {
      const found = (await ranked(typo)).map((id) => nameOf.get(id));
      expect(found, typo).toContain(name);
    }
  });

  it("shows an 18+ listing only to an adult who opted in, and a suspended one to no one but its publisher", async () => {
    const mature = demo.filter((d) => d.mature);
    expect(mature.length).toBeGreaterThan(0);
    const stranger = await createTestUser();
    const adultWithoutOptIn = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: false });
    const minorWithOptIn = await createTestUser({ dateOfBirth: new Date(NOW.getFullYear() - 15, 0, 1), showMature: true });
    const adult = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
    for (const listing of mature) {
      for (const viewer of [null, stranger, adultWithoutOptIn, minorWithOptIn]) {
        expect(await ranked(listing.name, viewer), listing.name).not.toContain(listing.id);
      }
      expect(await ranked(listing.name, adult), listing.name).toContain(listing.id);
    }

    const suspended = demo.find((d) => !d.mature);
    if (!suspended) throw new Error("the demo network has no general listing");
    await db.capability.update({ where: { id: suspended.id }, data: { suspendedAt: NOW } });
    // A suspension through the app makes a server's index not current until it is loaded again: so here.
    if (source() !== null) index = await loadSharedIndex();
    for (const viewer of [null, stranger, adult]) expect(await ranked(suspended.name, viewer)).not.toContain(suspended.id);
    expect(await ranked(suspended.name, publisher)).toContain(suspended.id);
  });
});
