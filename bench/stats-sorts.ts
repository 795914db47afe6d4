// The searches that read the 30-day statistics: "most run", reputation (the API's order without words),
// min_reputation, and the search page sorted by "most run" (with its facets). In process, against a
// database of generated listings (bench/generate-listings.ts), each search asked once (distinct words,
// offsets and thresholds), so no answer is remembered between them.
//
//   npx tsx scripts/with-db.ts bash -c 'npx tsx bench/generate-listings.ts "$DATABASE_URL" 100000 &&
//     npx tsx --conditions=react-server bench/stats-sorts.ts [--per-kind 60]'
import { apiSearchServices } from "@/lib/edges/api/reads";
import { servicesQuerySchema } from "@/lib/edges/api/schemas";
import { searchServices } from "@/lib/domain/search/search";
import { noFilters } from "@/lib/domain/search/filters";
import { db } from "@/lib/foundations/db/client";
import { vocabulary } from "./generate-listings";

const perKind = Number(process.argv[process.argv.indexOf("--per-kind") + 1] || 60);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function time(label: string, searches: (() => Promise<unknown>)[]): Promise<void> {
  const ms: number[] = [];
  for (const search of searches) {
    const start = performance.now();
    await search();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} n=${ms.length}  p50 ${percentile(ms, 50).toFixed(1)} ms  p95 ${percentile(ms, 95).toFixed(1)} ms`);
}

const api = (q: Record<string, unknown>) => () => apiSearchServices(servicesQuerySchema.parse({ limit: 20, ...q }));
const words = (i: number) => vocabulary[(i * 7) % vocabulary.length] ?? "weather";
const pairs = (i: number) => `${words(i)} ${vocabulary[(i * 13 + 5) % vocabulary.length] ?? "price"}`;
const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);

// Warm the connection pool and the catalog's tables once, outside the figures.
await api({ query: "weather" })();

await time(
  "API, no words (reputation), offsets",
  range(perKind).map((i) => api({ offset: i * 20 })),
);
await time(
  "API, one word, most_run",
  range(perKind).map((i) => api({ query: words(i), sort_by: "most_run" })),
);
await time(
  "API, two words, most_run",
  range(perKind).map((i) => api({ query: pairs(i), sort_by: "most_run" })),
);
await time(
  "API, one word, reputation",
  range(perKind).map((i) => api({ query: words(i + 100), sort_by: "reputation" })),
);
await time(
  "API, one word, min_reputation",
  range(perKind).map((i) => api({ query: words(i + 200), min_reputation: 0.5 + (i % 40) / 100 })),
);
await time(
  "page, one word, most run (with facets)",
  range(perKind).map((i) => () => searchServices(null, { ...noFilters, query: words(i + 50) }, { sort: "most_run", page: 1, pageSize: 20 })),
);
await db.$disconnect();
process.exit(0);
