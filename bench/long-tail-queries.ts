// The long tail of search: queries a person might type, never the same URL twice, as the API's and the search
// page's URLs. A seeded generator, so two runs ask the same questions. Two mixes:
//   - `longTailPaths`: one or two words of the generated listings' vocabulary (bench/generate-listings.ts), now
//     and then a facet, a sort or a later page;
//   - `listingTextPaths`: one or two words taken from the name and summary of a listing drawn from the database,
//     each with one of no filter, a price, a class, "sample-tested", a sort by date or name, or a later page —
//     the mix of a benchmark written outside the project, which drew its words the same way.
import pg from "pg";
import tags from "../lib/model/agent-file/tags.json" with { type: "json" };
import { categories, classes, regions, vocabulary } from "./generate-listings";

type Query = { words: string[]; facet: { api: string; page: string } | null; sort: { api: string; page: string } | null; page: number };

const facets = [
  { api: "paid=false", page: "price=free" },
  { api: "paid=true", page: "price=paid" },
  ...classes.map((c) => ({ api: `class=${c}`, page: `class=${c}` })),
  ...regions.map((r) => ({ api: `region=${r}`, page: `region=${r}` })),
  ...categories.slice(0, 12).map((c) => ({ api: `category=${c}`, page: `category=${c}` })),
  ...tags.slice(0, 12).map((t) => ({ api: `capability=${t.slug}`, page: `tag=${t.slug}` })),
];
const sorts = [
  { api: "sort_by=recent", page: "sort=newest" },
  { api: "sort_by=name", page: "sort=name" },
  { api: "sort_by=most_run", page: "sort=most_run" },
];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAGE_SIZE = 20;

function apiPath(q: Query): string {
  const parts = [`query=${q.words.join("+")}`, q.facet?.api, q.sort?.api, q.page > 1 ? `offset=${(q.page - 1) * PAGE_SIZE}` : null];
  return `/api/v1/services?${parts.filter(Boolean).join("&")}&limit=${PAGE_SIZE}`;
}

function pagePath(q: Query): string {
  const parts = [`q=${q.words.join("+")}`, q.facet?.page, q.sort?.page, q.page > 1 ? `page=${q.page}` : null];
  return `/?${parts.filter(Boolean).join("&")}`;
}

/**
 * An endless supply of distinct search URLs: half one word, half two; a facet one time in five, a sort one in
 * ten, a second or third page one in ten. A URL already given is skipped, so none repeats.
 */
export function longTailPaths(kind: "api" | "page", seed = 1): () => string {
  return distinctPaths(seed, (next, pick) => {
    const first = pick(vocabulary);
    const words = next() < 0.5 ? [first] : [first, pick(vocabulary.filter((w) => w !== first))];
    const query: Query = {
      words,
      facet: next() < 0.2 ? pick(facets) : null,
      sort: next() < 0.1 ? pick(sorts) : null,
      page: next() < 0.1 ? 2 + Math.floor(next() * 2) : 1,
    };
    return kind === "api" ? apiPath(query) : pagePath(query);
  });
}

type Pick = <T>(items: readonly T[]) => T;

/** URLs of `generate`, seeded, each given once: a URL already given is generated again. */
function distinctPaths(seed: number, generate: (next: () => number, pick: Pick) => string): () => string {
  const next = random(seed);
  const pick: Pick = (items) => items[Math.floor(next() * items.length)] as (typeof items)[number];
  const given = new Set<string>();
  return () => {
    for (;;) {
      const path = generate(next, pick);
      if (given.has(path)) continue;
      given.add(path);
      return path;
    }
  };
}

/** The words of `sample` random listings' names and summaries (three letters or more), one list per listing. */
export async function listingTexts(databaseUrl: string, sample = 3000): Promise<string[][]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ text: string }>(`SELECT name || ' ' || summary AS text FROM "Capability" ORDER BY random() LIMIT $1`, [sample]);
    const texts = rows.map((r) => [...new Set(r.text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])]).filter((words) => words.length > 0);
    if (texts.length === 0) throw new Error("no listing to draw words from");
    return texts;
  } finally {
    await client.end();
  }
}

/** The mix's choices, each equally likely; a class is one choice, whichever class it picks. */
const TEXT_MIX: readonly ((pick: Pick) => { api: string | null; page: string | null })[] = [
  () => ({ api: null, page: null }),
  () => ({ api: "paid=true", page: "price=paid" }),
  (pick) => {
    const c = pick(classes);
    return { api: `class=${c}`, page: `class=${c}` };
  },
  () => ({ api: "verified=true", page: "tested=1" }),
  () => ({ api: "sort_by=recent", page: "sort=newest" }),
  () => ({ api: "sort_by=name", page: "sort=name" }),
  () => ({ api: `offset=${PAGE_SIZE}`, page: "page=2" }),
  () => ({ api: `offset=${2 * PAGE_SIZE}`, page: "page=3" }),
];

/**
 * Distinct search URLs drawn from listings' own texts: a listing, one or two of its words, and one choice of the
 * mix. A URL already given is skipped, so none repeats.
 */
export function listingTextPaths(kind: "api" | "page", texts: readonly string[][], seed = 1): () => string {
  return distinctPaths(seed, (next, pick) => {
    const words = pick(texts);
    const first = pick(words);
    const chosen = next() < 0.5 || words.length < 2 ? [first] : [first, pick(words.filter((w) => w !== first))];
    const extra = pick(TEXT_MIX)(pick);
    return kind === "api"
      ? `/api/v1/services?${[`query=${chosen.join("+")}`, extra.api].filter(Boolean).join("&")}&limit=${PAGE_SIZE}`
      : `/?${[`q=${chosen.join("+")}`, extra.page].filter(Boolean).join("&")}`;
  });
}
