// The shared index's own work per search, in one process: the facet counts and the page of a long-tail
// search page (bench/long-tail-queries.ts, never the same URL twice), as the in-memory engine asks the index for them,
// for the signed-out audience. No HTTP, no rendering, no PostgreSQL after the load: what is left is the
// index's loops over a search's matches, which is what grows with the catalog (docs/benchmarks.md).
// No URL is asked twice, but words recur (the generator's vocabulary has ~170 words), so the index's kept
// matches (the words asked lately) answer part of the gathering, as they would a catalog's common words. The
// counts and the page are computed for every search; with --api, the page alone, as an API search asks (no
// counts, so the page gathers the words' matches itself unless they are kept).
//
//   npx tsx scripts/with-db.ts bash -c 'npx tsx bench/generate-listings.ts "$DATABASE_URL" 100000 &&
//     npx tsx --conditions=react-server bench/search-index.ts [--searches 1500] [--api]'
//
// Against a database already generated: DATABASE_URL=... npx tsx --conditions=react-server bench/search-index.ts
import { parseArgs } from "node:util";
import { loadSharedIndex } from "@/lib/domain/search/memory/load";
import { lexemesOf, type MeantLexemes } from "@/lib/domain/search/lexemes";
import { parsePageState, type PageState } from "@/lib/domain/search/filters";
import { queryWords } from "@/lib/domain/search/query-words";
import { longTailPaths } from "./long-tail-queries";

const { values } = parseArgs({ options: { searches: { type: "string", default: "1500" }, api: { type: "boolean", default: false } } });
const searches = Number(values.searches);
const withCounts = !values.api;
const WARM_UP = 100;
const PAGE_SIZE = 20;

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const started = performance.now();
const index = await loadSharedIndex();
const memory = process.memoryUsage();
console.log(
  `index of ${index.size.toLocaleString("en")} listings loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; heap ${mb(memory.heapUsed)}, outside the heap ${mb(memory.arrayBuffers)}, RSS ${mb(memory.rss)}`,
);

// The searches' words as the in-memory engine gives them to the index (stems and prefixes from PostgreSQL, read here once).
type Search = { state: PageState; words: MeantLexemes[]; nameWords: string };
const next = longTailPaths("page", 11);
const all: Search[] = [];
for (let n = 0; n < WARM_UP + searches; n++) {
  const state = parsePageState(Object.fromEntries(new URL(next(), "http://bench").searchParams));
  const words = queryWords(state.filters.query ?? "");
  const lexemes = await lexemesOf(words.map((word) => ({ word, correction: null })));
  all.push({ state, words: lexemes.filter((w) => w.prefixes.length > 0 || w.exact !== null), nameWords: words.join(" ") });
}

const now = new Date();
let counting = 0;
let paging = 0;
function search({ state, words, nameWords }: Search): number {
  const start = performance.now();
  if (withCounts) index.count("everyone", state.filters, words, now);
  const counted = performance.now();
  // The name's order is the database's collation: the load reads it from PostgreSQL, so the index is not timed on it.
  const sort = state.sort === "name" ? "relevance" : state.sort;
  index.page("everyone", state.filters, { words, nameWords, sort, limit: PAGE_SIZE + 1, offset: (state.page - 1) * PAGE_SIZE, now });
  const end = performance.now();
  counting += counted - start;
  paging += end - counted;
  return end - start;
}

for (const s of all.slice(0, WARM_UP)) search(s);
[counting, paging] = [0, 0];
const ms = all
  .slice(WARM_UP)
  .map(search)
  .sort((a, b) => a - b);
const at = (p: number) => (ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] ?? Number.NaN).toFixed(2);
console.log(
  `${searches} long-tail searches (${withCounts ? "counts and page" : "page alone"}): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms; mean counts ${(counting / searches).toFixed(2)} ms, page ${(paging / searches).toFixed(2)} ms`,
);
process.exit(0);
