// Lighthouse 13.5.0 (its default mobile preset: a phone screen, simulated slow 4G and a 4× slower CPU) on the
// pages people land on, served in production (deploy/web.sh) over the demo network in a throw-away
// embedded PostgreSQL, beside two floors measured in the same run: a bare Next page with nothing of Explore's
// (bench/baseline-app, the same next and react, under `next start`) and Explore's privacy page (text in the
// site's layout). Each page is measured --runs times, each in a fresh Chromium, and the median run's scores
// are printed with the spread of performance: single runs on a 2-core machine vary by 10-20 points.
// Nothing is asserted (docs/benchmarks.md).
//
//   npm run build             # once: the benchmark serves the production build (it builds the baseline itself)
//   npx tsx bench/lighthouse.ts [--port 3420] [--runs 5] [--chrome /usr/bin/chromium]
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import type { ChildProcess } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import pg from "pg";
import { openMigratedDatabase } from "../scripts/lib/database";
import { bin, run } from "../scripts/lib/children";
import { startBaseline, startServer, stopServer } from "./server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3420" },
    runs: { type: "string", default: "5" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
  },
});
const origin = `http://127.0.0.1:${values.port}`;
const runs = Math.max(1, Number(values.runs));
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
// Checked before anything starts: a missing browser fails chrome-launcher with an unhandled spawn error.
if (!existsSync(values.chrome)) throw new Error(`no Chromium at ${values.chrome} (--chrome <path>)`);

type Run = { scores: number[]; tbtMs: number; failing: string[]; mainThread: string; scripts: string };

type Item = Record<string, unknown>;
const itemsOf = (audit: { details?: unknown } | undefined): Item[] => ((audit?.details as { items?: Item[] } | undefined)?.items ?? []).slice(0, 6);
const ms = (value: unknown) => `${Math.round(Number(value))} ms`;

async function measure(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: values.chrome, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // A run Lighthouse could not complete scores 0: say why rather than print a 0 that reads as a measurement.
    if (result.lhr.runtimeError) console.log(`  ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    return {
      scores: CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100)),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? 0),
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual")
        .map((a) => `${a.id} (${a.displayValue ?? Math.round((a.score ?? 0) * 100)})`),
      // Where the main thread's time went, and the scripts that took most of it (Lighthouse's own audits).
      mainThread: itemsOf(audits["mainthread-work-breakdown"])
        .map((i) => `${String(i.groupLabel)} ${ms(i.duration)}`)
        .join(", "),
      scripts: itemsOf(audits["bootup-time"])
        .map((i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, "")} ${ms(i.total)}`)
        .join(", "),
    };
  } finally {
    chrome.kill();
  }
}

const database = await openMigratedDatabase("throwaway");
let server: ChildProcess | null = null;
let baseline: { origin: string; stop: () => Promise<void> } | null = null;
try {
  baseline = await startBaseline(Number(values.port) + 1);

  if ((await run(bin("tsx"), ["--conditions=react-server", "scripts/db-seed.ts"], { DATABASE_URL: database.url })) !== 0)
    throw new Error("the demo network did not seed");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ handle: string; capability_id: string }>(
    `SELECT a."handle", c."capabilityId" AS capability_id FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
     WHERE a."handle" = '@demo-weather' AND c."listed" ORDER BY c."position" LIMIT 1`,
  );
  await client.end();
  const service = rows[0];
  if (!service) throw new Error("the demo network has no @demo-weather service");

  server = await startServer(database.url, { port: Number(values.port) });

  const pages: [string, string][] = [
    ["bare Next page (baseline)", `${baseline.origin}/`],
    // Text in the site's layout, no client code of its own: what every page of Explore pays before its own.
    ["privacy (floor)", `${origin}/privacy`],
    ["home", `${origin}/`],
    ["search", `${origin}/?q=weather`],
    ["service page", `${origin}/services/${service.handle}/${service.capability_id}`],
    ["agent page", `${origin}/agents/${service.handle}`],
  ];
  console.log(`Lighthouse 13.5.0, mobile preset, median of ${runs} runs per page`);
  console.log(["page", ...CATEGORIES, "performance min-max", "blocking ms (median)"].join("\t"));
  for (const [name, url] of pages) {
    // Once to warm the server (a production route compiles nothing, but fills caches).
    await fetch(url);
    const measured: Run[] = [];
    for (let i = 0; i < runs; i += 1) measured.push(await measure(url));
    const performance = (m: Run) => m.scores[0] ?? 0;
    const byPerformance = [...measured].sort((a, b) => performance(a) - performance(b));
    const median = byPerformance[Math.floor(byPerformance.length / 2)];
    if (!median) throw new Error(`no Lighthouse run of ${url}`);
    const blocking = measured.map((m) => m.tbtMs).sort((a, b) => a - b)[Math.floor(measured.length / 2)];
    const spread = `${Math.min(...measured.map(performance))}-${Math.max(...measured.map(performance))}`;
    console.log([name, ...median.scores, spread, blocking].join("\t"));
    for (const audit of median.failing) console.log(`  below 90: ${audit}`);
    console.log(`  main thread: ${median.mainThread}`);
    console.log(`  scripts: ${median.scripts}`);
  }
} finally {
  if (server) await stopServer(server);
  if (baseline) await baseline.stop();
  await database.close();
}
