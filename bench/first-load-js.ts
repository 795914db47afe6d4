// First-load JavaScript of the home page and a service page, as a browser gets it (results go to
// docs/benchmarks.md; nothing is asserted): each page is fetched from a production server, and the gzip sizes
// of the scripts its HTML loads (<script src>, not noModule) are summed. Chunks loaded later (the Run panel's form library,
// loaded after hydration) are not in the HTML and so not counted: that is the point. The privacy page (text in
// the site's layout, no client code of its own) is measured beside them as the floor every page shares, and
// a bare Next page (bench/baseline-app, the same next and react) as the framework's own floor.
//
//   npm run build    # once: the benchmark serves the production build (it builds only its baseline)
//   npx tsx scripts/with-db.ts npx tsx --conditions=react-server bench/first-load-js.ts [--port 3411]   # own server and demo network
//   npx tsx bench/first-load-js.ts --origin http://127.0.0.1:3104              # or measures a server already running
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import type { ChildProcess } from "node:child_process";

const { values } = parseArgs({
  options: {
    origin: { type: "string" },
    port: { type: "string", default: "3411" },
    service: { type: "string", default: "/services/@demo-homes/cap_area_market_stats" },
  },
});

type Measured = { path: string; scripts: number; rawKb: number; gzipKb: number };

const SCRIPT_TAG = /<script\b[^>]*>/g;
const SRC = /\bsrc="([^"]+)"/;
// A modern browser skips noModule scripts (Next's legacy polyfills): not part of what it loads.
const NO_MODULE = /\bnomodule\b/i;

function scriptSources(html: string): string[] {
  const sources = [...html.matchAll(SCRIPT_TAG)]
    .map((m) => m[0])
    .filter((tag) => !NO_MODULE.test(tag))
    .map((tag) => (SRC.exec(tag)?.[1] ?? "").replaceAll("&amp;", "&"))
    .filter((s) => s.length > 0);
  return [...new Set(sources)];
}

async function measure(origin: string, path: string): Promise<Measured> {
  const page = await fetch(`${origin}${path}`);
  if (!page.ok) throw new Error(`${path} answered ${page.status}`);
  const html = await page.text();
  const sources = scriptSources(html);
  let raw = 0;
  let gzip = 0;
  for (const source of sources) {
    const response = await fetch(new URL(source, origin), { headers: { "Accept-Encoding": "identity" } });
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    raw += body.byteLength;
    gzip += gzipSync(body).byteLength;
  }
  return { path, scripts: sources.length, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

function print(results: Measured[]): void {
  for (const r of results) {
    console.log(
      `${r.path.padEnd(48)} ${String(r.scripts).padStart(3)} scripts   ${r.rawKb.toFixed(1).padStart(7)} KB raw   ${r.gzipKb.toFixed(1).padStart(6)} KB gzip`,
    );
  }
}

/** The floor (a text page in the site's layout), the home page and a service page. */
async function measureAll(origin: string): Promise<Measured[]> {
  return [await measure(origin, "/privacy"), await measure(origin, "/"), await measure(origin, values.service)];
}

async function withOwnServer(port: number): Promise<Measured[]> {
  // Loaded here only: --origin needs no database.
  const [{ env }, { startDemoAdapters }, { seedDemoNetwork }, { db }, { startServer, stopServer }] = await Promise.all([
    import("../lib/foundations/env"),
    import("../demo/adapters/server"),
    import("../scripts/lib/seed-demo"),
    import("../lib/foundations/db/client"),
    import("./server"),
  ]);
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: run under scripts/with-db.ts, or pass --origin");
  const adapters = await startDemoAdapters({ port: 0 });
  let server: ChildProcess | null = null;
  try {
    await seedDemoNetwork(adapters.url);
    await db.$disconnect();
    server = await startServer(env.DATABASE_URL, { port, env: { DEMO_ADAPTERS_URL: adapters.url } });
    const origin = `http://127.0.0.1:${port}`;
    return await measureAll(origin);
  } finally {
    if (server) await stopServer(server);
    await adapters.close();
  }
}

async function measureBaseline(port: number): Promise<Measured> {
  const { startBaseline } = await import("./server");
  const baseline = await startBaseline(port);
  try {
    return { ...(await measure(baseline.origin, "/")), path: "bare Next page (baseline)" };
  } finally {
    await baseline.stop();
  }
}

const results = values.origin ? await measureAll(values.origin.replace(/\/+$/, "")) : await withOwnServer(Number(values.port));
print([await measureBaseline(Number(values.port) + 1), ...results]);
process.exit(0);
