// Generates N published listings straight in SQL (INSERT … SELECT generate_series), for the search
// benchmarks. Run it only against a throw-away database: it adds agents @gen-… owned by a bench user.
//
//   npx tsx bench/generate-listings.ts <DATABASE_URL> <N>
//
// The listings look like real ones where search cares: names and summaries drawn from one
// vocabulary of ~170 words (each in a few % of listings), and each summary two words of a long tail
// (made-up words like "kedimoba" over 100,000 of them, the n-th as likely as 1/n: a few in thousands of
// listings, most in one or none, so a search of one is one nobody made before), 30 categories, the
// network's canonical tags, five capabilities per agent, 5 % mature, 2 % unlisted, 30 % paid,
// sample tests for half of them, runs for a fifth. Search documents are then built by the same
// SQL function the import uses.
import pg from "pg";
import tags from "../lib/model/agent-file/tags.json" with { type: "json" };

export const vocabulary = `weather forecast rain wind temperature humidity climate storm mortgage loan interest payment amortization
savings budget invoice tax currency exchange rate stock price portfolio convert length mass volume unit metric imperial
recipe ingredient nutrition calorie diet meal pantry grocery translate language text summary grammar spelling readability
word count sentence paragraph image colour palette contrast design font icon logo map route distance travel flight hotel
train ticket booking calendar meeting schedule reminder timezone clock alarm deadline task project note document pdf
spreadsheet chart graph statistics average median regression forecast trend dataset csv json xml yaml validate format
password hash encrypt token secure audit compliance privacy consent email message sms notification alert monitor uptime
server latency domain dns certificate website crawler search index ranking keyword headline article news feed podcast
music playlist video subtitle caption transcript speech voice audio podcast home property rent listing neighbourhood
school commute price area market report inspection energy solar battery emission carbon garden plant soil water
pet vet dog cat health symptom sleep fitness step heart workout injury pharmacy dose medicine allergy`
  .split(/\s+/)
  .filter(Boolean);

export const categories = [
  "weather",
  "finance",
  "units",
  "recipes",
  "nutrition",
  "text",
  "design",
  "travel",
  "time",
  "developer_tools",
  "security",
  "messaging",
  "monitoring",
  "search",
  "news",
  "media",
  "real_estate",
  "energy",
  "gardening",
  "pets",
  "health",
  "education",
  "legal",
  "shopping",
  "sports",
  "games",
  "science",
  "maps",
  "jobs",
  "events",
];
const languages = ["en", "de", "fr", "es", "it", "nl", "pl", "pt", "sv", "ja"];
export const regions = ["US", "DE", "IE", "FR", "NL", "GB", "SE", "JP", "CA", "AU"];
export const classes = ["read_only", "transformation", "external_action"];

function sqlArray(values: string[]): string {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[]`;
}

/** A pick from an array, slightly skewed to low indexes: the commonest word is in ~8 % of listings, a typical one in ~4 %. */
function pick(array: string, n: number): string {
  return `(${array})[1 + floor(power(random(), 1.1) * ${n})::int]`;
}

const SEARCH_BATCH = 2_000;

/** How many long-tail words there are to draw from. */
const TAIL_WORDS = 100_000;
const SYLLABLES = ["ba", "ke", "di", "mo", "lu", "fa", "ne", "ri", "so", "tu", "ga", "pe", "zi", "vo", "ru", "ha", "le", "mi", "no", "ta"];

/**
 * SQL for a function of the session, tail_word(r): for r uniform in [0, 1), the k-th long-tail word with k = e^(r·ln M),
 * so a word's share falls as 1/k (Zipf); k written in base 20, one syllable a digit, four digits.
 */
function tailWordFunction(): string {
  const syllable = (divisor: number) => `(${sqlArray(SYLLABLES)})[1 + (k / ${divisor}) % ${SYLLABLES.length}]`;
  return `CREATE FUNCTION pg_temp.tail_word(r float8) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
    SELECT ${[1, 20, 400, 8000].map(syllable).join(" || ")}
    FROM (SELECT floor(exp(r * ln(${TAIL_WORDS})))::int AS k) x $fn$`;
}

export async function generateListings(url: string, count: number, log = console.log): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const W = sqlArray(vocabulary);
    const started = Date.now();
    const step = async (label: string, sql: string) => {
      const t = Date.now();
      await client.query(sql);
      log(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    };
    await client.query(`SET synchronous_commit = off`);
    await client.query(tailWordFunction());
    await step(
      "owner and tags",
      `INSERT INTO "User" ("id", "email", "updatedAt") VALUES ('bench-owner', 'bench@explore.localhost', now()) ON CONFLICT DO NOTHING;
       INSERT INTO "Tag" ("slug", "label", "aliases") SELECT t->>'slug', t->>'label', ARRAY(SELECT jsonb_array_elements_text(t->'aliases'))
       FROM jsonb_array_elements($$${JSON.stringify(tags)}$$::jsonb) t ON CONFLICT DO NOTHING`,
    );
    const agents = Math.ceil(count / 5);
    await step(
      `${agents} agents`,
      `INSERT INTO "Agent" ("id", "handle", "ownerId", "status", "ekl", "mode", "executionMode", "displayName", "purpose",
         "interests", "languages", "endpoint", "endpointPending", "dataDeclared", "document", "publishedAt", "createdAt", "updatedAt")
       SELECT 'gen-agent-' || i, '@gen-' || i, 'bench-owner', 'published', '1.0', 'service_provider', 'storage_free',
         initcap(${pick(W, vocabulary.length)}) || ' ' || initcap(${pick(W, vocabulary.length)}) || ' ' || i,
         'Helps with ' || ${pick(W, vocabulary.length)} || ' and ' || ${pick(W, vocabulary.length)} || '.',
         ARRAY[${pick(W, vocabulary.length)}], ARRAY[(${sqlArray(languages)})[1 + (i % ${languages.length})], 'en'],
         'https://mcp.example.test/' || i, (i % 50 = 0), true, '{}'::jsonb,
         now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval, now()
       FROM generate_series(1, ${agents}) i`,
    );
    await step(
      `${count} capabilities`,
      `INSERT INTO "Capability" ("id", "agentId", "capabilityId", "position", "tool", "name", "summary", "category",
         "contentRating", "matureReasons", "limitations", "class", "repeat", "storageFreeAccepted", "data", "version",
         "offered", "needsConfirmation", "listed", "isPaid", "hasExample", "inputsRetained", "usedForTraining",
         "processingRegions", "example", "createdAt", "updatedAt")
       SELECT 'gen-cap-' || i, 'gen-agent-' || (1 + (i - 1) / 5), 'cap_gen_' || i, (i - 1) % 5, 'gen_' || i,
         initcap(${pick(W, vocabulary.length)}) || ' ' || ${pick(W, vocabulary.length)} || ' ' || ${pick(W, vocabulary.length)},
         'Returns the ' || ${pick(W, vocabulary.length)} || ' ' || ${pick(W, vocabulary.length)} || ' for a ' || ${pick(W, vocabulary.length)} ||
           ' you give, with ' || ${pick(W, vocabulary.length)} || ' and ' || ${pick(W, vocabulary.length)} || ' ' || ${pick(W, vocabulary.length)} ||
           '. Knows ' || pg_temp.tail_word(random()) || ' and ' || pg_temp.tail_word(random()) || '.',
         (${sqlArray(categories)})[1 + (i % ${categories.length})] || '.' || ${pick(W, vocabulary.length)},
         CASE WHEN i % 20 = 0 THEN 'mature'::"ContentRating" ELSE 'general'::"ContentRating" END,
         CASE WHEN i % 20 = 0 THEN ARRAY['alcohol'] ELSE ARRAY[]::text[] END,
         'No ' || ${pick(W, vocabulary.length)} || ' outside ' || ${pick(W, vocabulary.length)} || '.',
         (${sqlArray(classes)})[1 + (i % 3)]::"CapabilityClass", 'refresh', true, '{}'::jsonb, '1.0.0',
         true, false, (i % 50 <> 7), (i % 10 < 3), (i % 5 <> 0),
         CASE WHEN i % 3 = 0 THEN NULL ELSE (i % 4 = 0) END, CASE WHEN i % 3 = 1 THEN NULL ELSE (i % 7 = 0) END,
         ARRAY[(${sqlArray(regions)})[1 + (i % ${regions.length})]],
         CASE WHEN i % 5 <> 0 THEN '{"input":{}}'::jsonb ELSE NULL END,
         now() - (i || ' seconds')::interval, now()
       FROM generate_series(1, ${count}) i`,
    );
    await step(
      "plans",
      // Every paid listing (isPaid, above) states what it costs: a price per call from 1 to 20 cents.
      `INSERT INTO "Plan" ("id", "capabilityId", "planId", "position", "type", "extra", "priceUsd")
       SELECT 'gen-plan-' || c."id", c."id", 'per_call', 0, 'per_call'::"PlanType",
         jsonb_build_object('type', 'per_call', 'price_usd', price), price
       FROM "Capability" c, LATERAL (SELECT (1 + abs(hashtext(c."id")) % 20) / 100.0 AS price) p
       WHERE c."id" LIKE 'gen-cap-%' AND c."isPaid"`,
    );
    await step(
      "tags",
      `INSERT INTO "CapabilityTag" ("capabilityId", "tagSlug", "position")
       SELECT c."id", t.slugs[1 + (abs(hashtext(c."id" || k::text)) % t.n)], k
       FROM "Capability" c, generate_series(0, 1) k,
            (SELECT array_agg("slug" ORDER BY "slug") AS slugs, count(*)::int AS n FROM "Tag") t
       WHERE c."id" LIKE 'gen-cap-%' AND (k = 0 OR abs(hashtext(c."id")) % 2 = 0)
       ON CONFLICT DO NOTHING`,
    );
    await step(
      "sample tests",
      `INSERT INTO "SampleTest" ("id", "capabilityId", "capabilityVersion", "status", "startedAt", "jobId")
       SELECT 'gen-test-' || i, 'gen-cap-' || i, '1.0.0',
         CASE WHEN i % 10 = 3 THEN 'failed'::"SampleTestStatus" ELSE 'passed'::"SampleTestStatus" END,
         now() - ((i % 10) || ' days')::interval, 'gen-job-' || i
       FROM generate_series(1, ${count}) i WHERE i % 2 = 0 AND i % 5 <> 0`,
    );
    await step(
      "runs",
      `INSERT INTO "Execution" ("id", "capabilityId", "status", "startedAt", "finishedAt", "argumentsSha256")
       SELECT gen_random_uuid(), 'gen-cap-' || i, CASE WHEN r % 7 = 0 THEN 'failed'::"ExecutionStatus" ELSE 'succeeded'::"ExecutionStatus" END,
         now() - (r || ' hours')::interval, now() - (r || ' hours')::interval, md5(i::text || r::text)
       FROM generate_series(1, ${count}) i, generate_series(1, 1 + (i % 4)) r WHERE i % 5 = 1`,
    );
    // In batches, as imports do it: with hundreds of thousands of agents in one array, the function's
    // `= ANY (agent_ids)` is checked against every capability (quadratic: hours at 1,000,000 listings).
    const t = Date.now();
    for (let from = 1; from <= agents; from += SEARCH_BATCH) {
      const to = Math.min(agents, from + SEARCH_BATCH - 1);
      await client.query(`SELECT FROM explore_refresh_search_documents(ARRAY(SELECT 'gen-agent-' || i FROM generate_series(${from}, ${to}) i))`);
    }
    log(`  search documents: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    // The typo lexicon, as listing writes keep it (lib/domain/search/lexicon.ts): words of public listings only.
    await step(
      "search lexicon",
      `INSERT INTO "AgentLexeme" ("agentId", "word")
       SELECT DISTINCT c."agentId", w FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId",
         regexp_split_to_table(c."searchWords" || ' ' || lower(c."summary"), '[^[:alnum:]]+') w
       WHERE c."id" LIKE 'gen-cap-%' AND c."listed" AND c."suspendedAt" IS NULL AND c."contentRating" = 'general'
         AND a."status" = 'published' AND length(w) BETWEEN 3 AND 40
       ON CONFLICT DO NOTHING`,
    );
    await step(
      "search lexicon counts",
      `INSERT INTO "SearchLexeme" ("word", "agents") SELECT "word", count(*) FROM "AgentLexeme" GROUP BY "word"
       ON CONFLICT ("word") DO UPDATE SET "agents" = EXCLUDED."agents"`,
    );
    await step("analyze", `VACUUM ANALYZE`);
    // What the load left dirty is written out here, not by the checkpointer while a benchmark started next
    // measures (at a million listings this took 0.9 s: most had been written during the load).
    await step("checkpoint", `CHECKPOINT`);
    log(`  generated ${count} listings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** Queries for the benchmarks: single common and rare words, two words, typos, with a facet. */
export function benchQueries(): string[] {
  const common = vocabulary.slice(0, 12);
  const rare = vocabulary.slice(-12);
  const typos = ["wether", "mortage", "recipie", "pasword", "calender", "temprature"];
  const out: string[] = [];
  for (const w of common) out.push(`query=${w}`);
  for (const w of rare) out.push(`query=${w}`);
  for (let i = 0; i < 12; i += 1) out.push(`query=${vocabulary[i]}+${vocabulary[(i * 7 + 3) % vocabulary.length]}`);
  for (const t of typos) out.push(`query=${t}`);
  out.push("query=weather&paid=false", "query=loan&class=transformation", "query=recipe&region=DE", "capability=travel", "sort_by=recent");
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, n] = process.argv.slice(2);
  if (!url || !n) {
    console.error("usage: npx tsx bench/generate-listings.ts <DATABASE_URL> <N>");
    process.exit(2);
  }
  await generateListings(url, Number(n));
}
