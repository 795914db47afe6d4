import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { minimalAgentFile } from "@/lib/model/agent-file/fixtures";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { noFilters, type SearchFilters } from "@/lib/domain/search/filters";
import { rarestFromStatistics, sampleOfMatches, type Sampling } from "./postings";
import { countFacets, type Facets } from "@/lib/domain/search/search";
import { plantedWord } from "@/lib/testing/planted-word";

// Facet counts of a search with more matches than `exactUpTo` are estimated from a sample: the listings whose
// row id hashes into one share (one in a power of two), each counted for the whole share. Held here to that
// definition, worked out independently over planted rows (the 18+ ones never counted for a signed-out
// visitor), and to counting whole below the line, and again when the other filters leave few matches.

const word = plantedWord("zf");
const other = plantedWord("zg");
const handles = [uniqueHandle("f"), uniqueHandle("f")];
const NOW = new Date();
// 160 visible matches (the second word in every other one), 16 of them 18+, in a category of their own.
// The line is low so that an estimate of a few dozen sampled rows stands even at a share of one in eight.
const SAMPLING: Sampling = { exactUpTo: 10, target: 50 };
type Planted = { id: string; category: string; mature: boolean; both: boolean; transformation: boolean };
let planted: Planted[] = [];

function capability(agent: number, i: number): JsonObject {
  const mature = i % 10 === 9;
  return {
    tool: `tool_${i}`,
    capability_id: `cap_row_${i}`,
    name: `Sampled ${word} gadget ${i}`,
    summary: i % 2 === 0 ? `Gives the ${other} for one planted row.` : "Gives one planted row.",
    limitations: "Test rows only.",
    class: i % 8 === 0 ? "transformation" : "read_only",
    category: mature ? "dating.match" : (["weather.current", "finance.quotes", "travel.flights"][(agent * 80 + i) % 3] ?? "weather.current"),
    output_schema: { type: "object" },
    ...(mature ? { content_rating: "mature", mature_reasons: ["alcohol"] } : {}),
  };
}

beforeAll(async () => {
  const owner = await createTestUser();
  for (const [agent, handle] of handles.entries()) {
    const document = minimalAgentFile({
      agent: { handle, display_name: "Facet Sample Agent", purpose: "Holds planted rows.", languages: ["en"] },
      adapter: { endpoint: "https://mcp.example.test/mcp" },
      capabilities: Array.from({ length: 88 }, (_, i) => capability(agent, i)),
    });
    const result = await importAgentFile({ text: JSON.stringify(document), ownerId: owner.id, publish: true });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
  }
  const rows = await db.capability.findMany({
    where: { agent: { handle: { in: handles } } },
    select: { id: true, category: true, contentRating: true, summary: true, class: true },
  });
  // Whether to sample, and the share, come from PostgreSQL's statistics of the postings: made now, so they
  // hold the planted words (a table this small is read whole, so they are exact).
  await db.$executeRawUnsafe(`ANALYZE "SearchPosting"`);
  planted = rows.map((r) => ({
    id: r.id,
    category: r.category.split(".")[0] ?? "",
    mature: r.contentRating === "mature",
    both: r.summary.includes(other),
    transformation: r.class === "transformation",
  }));
});

afterAll(async () => {
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

const search = (query: string, extra: Partial<SearchFilters> = {}): SearchFilters => ({ ...noFilters, query, ...extra });

/** The rows a share of `scale` keeps, by PostgreSQL's own hash of their ids. */
async function inShare(rows: Planted[], scale: number): Promise<Planted[]> {
  const kept = await db.$queryRaw<{ id: string }[]>(
    Prisma.sql`SELECT id FROM unnest(${rows.map((r) => r.id)}::text[]) AS x(id) WHERE (hashtext(id) & ${scale - 1}) = 0`,
  );
  const ids = new Set(kept.map((k) => k.id));
  return rows.filter((r) => ids.has(r.id));
}

function categoryCounts(facets: Facets): Record<string, number> {
  return Object.fromEntries(facets.category.map((c) => [c.value, c.count]));
}

function tally(rows: Planted[], times: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.category] = (counts[r.category] ?? 0) + times;
  return counts;
}

describe("facet counts past the line", () => {
  /** The share a search samples (one row in `scale`), as the facet counts will take it. */
  async function scaleOf(query: string): Promise<number> {
    const sample = await sampleOfMatches(
      query.split(" ").map((w) => ({ word: w, correction: null })),
      SAMPLING,
    );
    if (!sample) throw new Error(`${query}: no sample`);
    return sample.scale;
  }

  it("are the sampled share's counts times the share, for a signed-out visitor without 18+", async () => {
    const visible = planted.filter((p) => !p.mature);
    expect(visible).toHaveLength(160);
    // 176 postings for the word, ~50 wanted: one row in four (PostgreSQL's statistics may say a little more or less).
    const scale = await scaleOf(word);
    expect(scale).toBeGreaterThanOrEqual(2);
    const sampled = await inShare(visible, scale);
    const facets = await countFacets(null, search(word), NOW, SAMPLING);
    expect(facets.approximate).toBe(true);
    expect(facets.total).toBe(sampled.length * scale);
    expect(categoryCounts(facets)).toEqual(tally(sampled, scale));
    expect(categoryCounts(facets)).not.toHaveProperty("dating");
    // Row ids are new each run, and so is the sample: how near the truth an estimate of ~40 rows comes varies.
    expect(sampled.length).toBeGreaterThan(0);
    expect(sampled.length).toBeLessThan(visible.length);
  });

  it("sample every word of a search: the rows holding both", async () => {
    const visible = planted.filter((p) => !p.mature && p.both);
    // The rarer word has 88 postings: one row in two. ~44 sampled rows estimate ~88, four standard deviations
    // (2 × √44 each) still above the line of 10.
    const scale = await scaleOf(`${word} ${other}`);
    const sampled = await inShare(visible, scale);
    const facets = await countFacets(null, search(`${word} ${other}`), NOW, SAMPLING);
    expect(facets.approximate).toBe(true);
    expect(facets.total).toBe(sampled.length * scale);
    expect(categoryCounts(facets)).toEqual(tally(sampled, scale));
  });

  it("are counted whole below the line, and when the other filters leave few matches", async () => {
    const visible = planted.filter((p) => !p.mature);
    const whole = await countFacets(null, search(word), NOW, { exactUpTo: 1_000, target: 50 });
    expect(whole.approximate).toBe(false);
    expect(whole.total).toBe(visible.length);
    expect(categoryCounts(whole)).toEqual(tally(visible, 1));
    // The postings say 176, but the class leaves 22: an estimate within four standard deviations of the line
    // is no estimate, and the matches are counted again, whole.
    const few = await countFacets(null, search(word, { class: "transformation" }), NOW, SAMPLING);
    expect(few.approximate).toBe(false);
    expect(few.total).toBe(planted.filter((p) => !p.mature && p.transformation).length);
    expect(await countFacets(null, search(word), NOW, null)).toEqual(whole);
  });
});

describe("whether to sample, from PostgreSQL's statistics", () => {
  const common = {
    postings: new Map([
      ["price", 16_000],
      ["pric", 400],
      ["flight", 12_000],
    ]),
    floor: 400,
  };

  it("reads the rarest word's postings when every word is listed, adding up a word's terms", () => {
    expect(rarestFromStatistics([["price", "pric"], ["flight"]], common, 10_000)).toBe(12_000);
  });

  it("says 'few' when a listed word is below the line, or a word not listed while the floor is", () => {
    expect(rarestFromStatistics([["price"], ["pric"]], common, 10_000)).toBe("few");
    expect(rarestFromStatistics([["price"], ["garden"]], common, 10_000)).toBe("few");
  });

  it("asks for a count when a word is not listed and the floor is above the line, or nothing is listed", () => {
    expect(rarestFromStatistics([["price"], ["garden"]], { ...common, floor: 40_000 }, 10_000)).toBeNull();
    expect(rarestFromStatistics([["price"]], { postings: new Map(), floor: Infinity }, 10_000)).toBeNull();
  });
});
