import { describe, expect, it } from "vitest";
import { noFilters } from "@/lib/domain/search/filters";
import type { MeantLexemes } from "@/lib/domain/search/lexemes";
import { SharedIndex } from "./shared-index";
import type { IndexedListing } from "./types";

// The in-memory index on listings built by hand, no database: what a load refuses, how relevance adds up, and
// how patches are placed, refused and withheld. shared-index.test.ts holds the index equal to PostgreSQL on
// planted rows.

const NOW = new Date();

describe("the shared index's load", () => {
  it("refuses a listing whose postings have a word without its score, or a score without its word", async () => {
    const row = listing("x", "a");
    const scores = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from(new Uint8Array(new Float32Array([v]).buffer).reverse())));
    const build = (postings: Pick<IndexedListing, "words" | "scores">) =>
      SharedIndex.build(
        1,
        (async function* () {
          yield [{ ...row, ...postings }];
        })(),
        [],
        ["x"],
      );
    await expect(build({ words: "rain snow", scores: scores(0.5) })).rejects.toThrow("listing x: its postings have more words than scores");
    await expect(build({ words: "rain", scores: scores(0.5, 0.25) })).rejects.toThrow("listing x: its postings have more scores than words");
    // Scores as float4send writes them: big-endian REALs.
    const index = await build({ words: "rain snow", scores: scores(0.5, 0.1) });
    expect(index.size).toBe(1);
  });
});

describe("the shared index's relevance", () => {
  it("sums each word's best score, gathered from the postings or from the first word's kept matches alike", async () => {
    const scores = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from(new Uint8Array(new Float32Array([v]).buffer).reverse())));
    // "rain" means "rain" and "rainy": c's best for it is "rainy"'s. Sums: a 0.6, b 0.9, c 0.75 (by "snow" alone: a, b, c).
    const rows = [
      { ...listing("a", "g"), words: "rain snow", scores: scores(0.1, 0.5) },
      { ...listing("b", "g"), words: "rain snow", scores: scores(0.6, 0.3) },
      { ...listing("c", "g"), words: "rain rainy snow", scores: scores(0.2, 0.7, 0.05) },
    ];
    const build = () =>
      SharedIndex.build(
        3,
        (async function* () {
          yield rows;
        })(),
        [],
        ["a", "b", "c"],
      );
    const [rain, snow] = [
      { prefixes: ["rain"], exact: null },
      { prefixes: ["snow"], exact: null },
    ];
    const page = (index: SharedIndex, words: MeantLexemes[]) =>
      index.page("everyone", noFilters, { words, nameWords: null, sort: "relevance", limit: 3, offset: 0, now: NOW });
    const cold = await build();
    expect(page(cold, [rain, snow])).toEqual(["b", "c", "a"]);
    const warm = await build();
    expect(page(warm, [rain])).toEqual(["c", "b", "a"]);
    expect(page(warm, [rain, snow])).toEqual(["b", "c", "a"]);
  });

  it("sums the scores of words that mean one word each for the listings holding all of them, a word sent twice once", async () => {
    const scores = (...values: number[]) => Buffer.concat(values.map((v) => Buffer.from(new Uint8Array(new Float32Array([v]).buffer).reverse())));
    // Sums for "snow sun": a 0.6, b 0.5, e 0.45 (its best "snow" 0.4); c and d hold one word each.
    const rows = [
      { ...listing("a", "g"), words: "snow sun", scores: scores(0.5, 0.1) },
      { ...listing("b", "g"), words: "snow sun", scores: scores(0.2, 0.3) },
      { ...listing("c", "g"), words: "snow", scores: scores(0.9) },
      { ...listing("d", "g"), words: "sun", scores: scores(0.9) },
      { ...listing("e", "g"), words: "snow snow sun", scores: scores(0.1, 0.4, 0.05) },
    ];
    const index = await SharedIndex.build(
      5,
      (async function* () {
        yield rows;
      })(),
      [],
      ["a", "b", "c", "d", "e"],
    );
    const [snow, sun] = [
      { prefixes: ["snow"], exact: null },
      { prefixes: ["sun"], exact: null },
    ];
    const page = (words: MeantLexemes[]) => index.page("everyone", noFilters, { words, nameWords: null, sort: "relevance", limit: 5, offset: 0, now: NOW });
    expect(page([snow, sun])).toEqual(["a", "b", "e"]);
    expect(page([sun, snow])).toEqual(["a", "b", "e"]);
    expect(page([snow])).toEqual(["c", "a", "e", "b"]);
    expect(index.total("everyone", noFilters, [sun, snow], NOW)).toBe(3);
  });

  it("orders a kept search by its figures of the moment, after they change, from its first matches in order", async () => {
    const scores = Buffer.from(new Uint8Array(new Float32Array([0.5]).buffer).reverse());
    const figures = (id: string, runs: number) => ({ ...listing(id, "g"), runs, words: "snow", scores });
    const rows = [figures("a", 0), figures("b", 1), figures("c", 2), figures("d", 3)];
    // Pages come from the two first matches in order, then eight (all of them).
    const index = await SharedIndex.build(
      4,
      (async function* () {
        yield rows;
      })(),
      [],
      ["a", "b", "c", "d"],
      { rank: { best: 2, deepest: 1, from: 0 } },
    );
    const snow = [{ prefixes: ["snow"], exact: null }];
    const page = (limit: number) => index.page("everyone", noFilters, { words: snow, nameWords: null, sort: "most_run", limit, offset: 0, now: NOW });
    expect(page(2)).toEqual(["d", "c"]);
    expect(page(3)).toEqual(["d", "c", "b"]);
    index.updateFacts([
      { id: "a", hasExample: false, lastTestPassed: false, lastTestAt: null, lastPassAt: null, endpointPending: false, reputation: null, runs: 5 },
    ]);
    expect(page(2)).toEqual(["a", "d"]);
    expect(page(4)).toEqual(["a", "d", "c", "b"]);
  });

  describe("the shared index's patches", () => {
    it("refuses a patch next to a listing it does not hold as PostgreSQL does (a write not heard of yet), changing nothing", async () => {
      const small = await tinyIndex();
      const place = { id: "y", idOrder: 1, nameOrder: 1, idAfter: "x", idBefore: null, nameAfter: { id: "x", nameWords: "x" }, nameBefore: null };
      expect(small.patch(["b"], [listing("y", "b")], [], [{ ...place, idAfter: "not-held" }])).toBe("misplaced");
      expect(small.patch(["b"], [listing("y", "b")], [], [{ ...place, nameAfter: { id: "x", nameWords: "renamed since" } }])).toBe("misplaced");
      expect(small.patch(["b"], [listing("y", "b")], [], [])).toBe("misplaced");
      expect(small.size).toBe(1);
      expect(small.patch(["b"], [listing("y", "b")], [], [place])).toBe("patched");
      expect(small.size).toBe(2);
      expect(small.page("everyone", noFilters, { words: null, nameWords: null, sort: "name", limit: 5, offset: 0, now: NOW })).toEqual(["x", "y"]);
    });

    it("refuses a patch past its room for written listings (a twentieth, at least 1,000)", async () => {
      const small = await tinyIndex();
      const rows = Array.from({ length: 1_001 }, (_, i) => listing(`y${i}`, "b"));
      const places = rows.map((r, i) => ({
        id: r.id,
        idOrder: i + 1,
        nameOrder: i + 1,
        idAfter: "x",
        idBefore: null,
        nameAfter: { id: "x", nameWords: "x" },
        nameBefore: null,
      }));
      expect(small.patch(["b"], rows, [], places)).toBe("full");
      expect(small.size).toBe(1);
      expect(small.patch(["b"], rows.slice(0, 1_000), [], places.slice(0, 1_000))).toBe("patched");
      expect(small.size).toBe(1_001);
    });

    it("withholds the listings of agents written a moment ago from every answer until told otherwise", async () => {
      const small = await SharedIndex.build(
        3,
        (async function* () {
          yield [listing("x", "a"), listing("x2", "a"), listing("y", "b")];
        })(),
        [],
        ["x", "x2", "y"],
      );
      const answers = () => ({
        page: small.page("everyone", noFilters, { words: null, nameWords: null, sort: "name", limit: 5, offset: 0, now: NOW }),
        total: small.total("everyone", noFilters, null, NOW),
        counted: small.count("everyone", noFilters, null, NOW).find((r) => r.facet === "total")?.n,
        health: [small.health("everyone", "x", NOW) !== undefined, small.health("everyone", "y", NOW) !== undefined],
      });
      const all = answers();
      expect(all).toEqual({ page: ["x", "x2", "y"], total: 3, counted: 3, health: [true, true] });
      // An agent the index holds nothing of (a first publish) withholds nothing.
      small.withhold(new Set(["a", "not-held"]));
      expect(answers()).toEqual({ page: ["y"], total: 1, counted: 1, health: [false, true] });
      small.withhold(new Set());
      expect(answers()).toEqual(all);
    });

    it("refuses a patch when no number is left between two places", async () => {
      const two = await SharedIndex.build(
        2,
        (async function* () {
          yield [listing("x", "a"), listing("x2", "a")];
        })(),
        [],
        ["x", "x2"],
      );
      // Each written listing goes between the one written before it and "x2": the gap halves every time.
      let last = "x";
      let outcome = "patched";
      let patched = 0;
      for (let k = 0; k < 100 && outcome === "patched"; k++) {
        const id = `x1${k}`;
        const place = {
          id,
          idOrder: 1,
          nameOrder: 1,
          idAfter: last,
          idBefore: "x2",
          nameAfter: { id: last, nameWords: last },
          nameBefore: { id: "x2", nameWords: "x2" },
        };
        outcome = two.patch([`agent${k}`], [listing(id, `agent${k}`)], [], [place]);
        if (outcome === "patched") [last, patched] = [id, patched + 1];
      }
      expect(outcome).toBe("full");
      expect(patched).toBeGreaterThan(40);
      expect(two.size).toBe(patched + 2);
    });
  });
});

/** A listing as loaded, for indexes built by hand: visible to everyone, no postings, named by its id. */
function listing(id: string, agentId: string): IndexedListing {
  const facts = { hasExample: false, lastTestPassed: false, lastTestAt: null, lastPassAt: null, endpointPending: false, reputation: null, runs: 0 };
  return {
    ...facts,
    id,
    agentId,
    everyone: true,
    handle: `@${agentId}`,
    displayName: agentId,
    capabilityId: id,
    name: id,
    summary: "",
    category: "weather",
    class: "read_only",
    version: "1.0.0",
    priceSummary: "Free",
    updatedAt: 0,
    isPaid: false,
    hasFree: false,
    languages: [],
    regions: [],
    inputsRetained: null,
    usedForTraining: null,
    tagSlugs: null,
    nameWords: id,
    createdAt: 0,
    position: 0,
    words: "",
    scores: Buffer.alloc(0),
  };
}

/** An index of one listing, "x" of agent "a". */
function tinyIndex(): Promise<SharedIndex> {
  return SharedIndex.build(
    1,
    (async function* () {
      yield [listing("x", "a")];
    })(),
    [],
    ["x"],
  );
}
