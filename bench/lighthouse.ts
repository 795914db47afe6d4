// Lighthouse 12.2.3 (its default mobile preset: a phone screen, simulated slow 4G and a 4× slower CPU) on the
// pages people land on, served in production (scripts/serve.ts) over the demo network in a throw-away
// embedded PostgreSQL, beside the privacy page as the floor. Prints the four category scores per page;
// nothing is asserted (docs/benchmarks.md).
//
//   npx next build            # once: the benchmark serves the production build
//   npx tsx bench/lighthouse.ts [--port 3420] [--chrome /usr/bin/chromium]
import { parseArgs } from "node:util";
import type { ChildProcess } from "node:child_process";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import pg from "pg";
import { openMigratedDatabase } from "../scripts/lib/database";
import { bin, run } from "../scripts/lib/children";
import { startServer, stopServer } from "./server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3420" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
  },
});
const origin = `http://127.0.0.1:${values.port}`;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const database = await openMigratedDatabase("throwaway");
let server: ChildProcess | null = null;
let chrome: chromeLauncher.LaunchedChrome | null = null;
try {
  if ((await run(bin("tsx"), ["--conditions=react-server", "scripts/db-seed.ts"], { DATABASE_URL: database.url })) !== 0) throw new Error("the demo network did not seed");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ handle: string; capability_id: string }>(
    `SELECT a."handle", c."capabilityId" AS capability_id FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
     WHERE a."handle" = '@demo-weather' AND c."listed" ORDER BY c."position" LIMIT 1`,
  );
  await client.end();
  const service = rows[0];
  if (!service) throw new Error("the demo network has no @demo-weather service");

  server = await startServer(database.url, { port: Number(values.port), sharedCache: true });
  chrome = await chromeLauncher.launch({ chromePath: values.chrome, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });

  const pages: [string, string][] = [
    // The floor: text in the site's layout, no client code of its own; what every page pays before its own.
    ["privacy (floor)", "/privacy"],
    ["home", "/"],
    ["search", "/?q=weather"],
    ["service page", `/services/${service.handle}/${service.capability_id}`],
    ["agent page", `/agents/${service.handle}`],
  ];
  console.log(`Lighthouse 12.2.3, mobile preset, ${origin}`);
  console.log(["page", ...CATEGORIES].join("\t"));
  for (const [name, path] of pages) {
    const url = `${origin}${path}`;
    // Once to warm the server (the first render of a route compiles nothing in production, but fills caches).
    await fetch(url);
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const scores = CATEGORIES.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
    console.log([name, ...scores].join("\t"));
    const failing = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual");
    for (const audit of failing) console.log(`  below 90: ${audit.id} (${audit.displayValue ?? Math.round((audit.score ?? 0) * 100)})`);
  }
} finally {
  if (chrome) chrome.kill();
  if (server) await stopServer(server);
  await database.close();
}
