// Browsing benchmarks (results go to docs/benchmarks.md; nothing here is asserted), as served in production
// (deploy/web.sh: Next's standalone server, no cache in front), at 20 concurrent clients:
//   1. client navigations (RSC requests, what a <Link> click fetches) to service pages, signed out:
//      first to pages nobody asked for before (every answer computed), then the same pages again within
//      a short time (popular pages);
//   2. service pages signed in (a real database session: rendered for the viewer, never shared), each once,
//      then the same pages again (what the server may keep for the viewer's audience is warm);
//   3. the home page signed in beside the anonymous home page, in the same run.
// The listings come from bench/generate-listings.ts in a throw-away embedded PostgreSQL.
//
//   npm run build             # once: the benchmark serves the production build
//   npx tsx bench/navigation.ts [--size 100000] [--pages 3000] [--duration 10] [--port 3410]
import { parseArgs } from "node:util";
import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { startServer, stopServer } from "./server";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import { openMigratedDatabase } from "../scripts/lib/database";
import { generateListings } from "./generate-listings";
import { latencies } from "./latency";

const { values } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    pages: { type: "string", default: "3000" },
    duration: { type: "string", default: "10" },
    port: { type: "string", default: "3410" },
    connections: { type: "string", default: "20" },
  },
});
const size = Number(values.size);
const pageCount = Number(values.pages);
const duration = Number(values.duration);
const port = Number(values.port);
const connections = Number(values.connections);
const origin = `http://127.0.0.1:${port}`;

// The router state of the home page, as a browser sends it when a card on the home page is clicked: the root
// and (explore) layouts are on screen, so Next sends the service page's segment only.
const STATE_TREE = encodeURIComponent(JSON.stringify(["", { children: ["(explore)", { children: ["__PAGE__", {}] }] }]));
const NAVIGATION = { rsc: "1", "next-router-state-tree": STATE_TREE };

type Request = { path: string; headers?: Record<string, string> };
type Measured = { rps: number; p50: number; p95: number; p99: number; requests: number; non2xx: number; errors: number };

/** Runs autocannon over the requests in order (each once when `once`), collecting every response time. */
function load(requests: Request[], options: { once?: boolean } = {}): Promise<Measured> {
  return new Promise((resolve) => {
    const times: number[] = [];
    let i = 0;
    const instance = autocannon({
      url: origin,
      connections,
      ...(options.once ? { amount: requests.length } : { duration }),
      timeout: 60,
      requests: [
        {
          method: "GET",
          setupRequest: (request) => {
            const next = requests[i++ % requests.length];
            return { ...request, path: next?.path ?? "/", headers: { ...request.headers, ...next?.headers } };
          },
        },
      ],
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
    instance.on("done", (result: Result) => {
      const { p50, p95, p99 } = latencies(times);
      resolve({ rps: result.requests.average, p50, p95, p99, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts });
    });
  });
}

function line(label: string, m: Measured): string {
  return `${label.padEnd(46)} ${m.rps.toFixed(0).padStart(6)} req/s   p50 ${m.p50.toFixed(1).padStart(6)} ms   p95 ${m.p95.toFixed(1).padStart(6)} ms   p99 ${m.p99.toFixed(1).padStart(6)} ms   (n=${m.requests}${m.non2xx ? `, non-2xx ${m.non2xx}` : ""}${m.errors ? `, errors ${m.errors}` : ""})`;
}

/** The navigation request for a page, with the `_rsc` value Next expects for these headers (it redirects to it). */
async function navigationTo(path: string): Promise<Request> {
  const response = await fetch(`${origin}${path}?_rsc=probe`, { headers: NAVIGATION, redirect: "manual" });
  await response.arrayBuffer();
  const location = response.headers.get("location");
  if (response.status !== 307 || location === null) throw new Error(`${path}: expected Next's _rsc redirect, got ${response.status}`);
  return { path: location, headers: NAVIGATION };
}

console.log(`== ${size.toLocaleString("en")} listings, ${pageCount} distinct service pages, ${connections} clients`);
const database = await openMigratedDatabase("throwaway");
let server: ChildProcess | null = null;
try {
  await generateListings(database.url, size);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ handle: string; capability_id: string }>(
    `SELECT a."handle", c."capabilityId" AS capability_id FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
     WHERE a."status" = 'published' AND c."listed" AND c."contentRating" = 'general' ORDER BY random() LIMIT $1`,
    [pageCount],
  );
  // A signed-in viewer: a real database session, as Auth.js keeps them.
  const sessionToken = randomUUID();
  await client.query(`INSERT INTO "User" ("id", "email", "updatedAt") VALUES ('bench-viewer', 'viewer@explore.localhost', now()) ON CONFLICT DO NOTHING`);
  await client.query(`INSERT INTO "Session" ("sessionToken", "userId", "expires", "updatedAt") VALUES ($1, 'bench-viewer', now() + interval '1 day', now())`, [
    sessionToken,
  ]);
  await client.end();
  const paths = rows.map((r) => `/services/${r.handle}/${r.capability_id}`);

  {
    server = await startServer(database.url, { port });
    const label = "";
    // Learn each page's _rsc (a redirect, nothing rendered), and warm the route up on pages not measured.
    const navigations = await Promise.all(paths.map(navigationTo));
    const warm = await Promise.all(["/", ...paths.slice(0, 20)].map((p) => fetch(`${origin}${p}`).then((r) => r.arrayBuffer())));
    if (warm.length === 0) throw new Error("nothing to warm up");
    console.log(line(`navigation, pages never asked for${label}`, await load(navigations, { once: true })));
    console.log(line("navigation, the same pages again (popular)", await load(navigations)));

    // Signed in, nothing is shared whole: every page is rendered for the viewer.
    const cookie = { cookie: `authjs.session-token=${sessionToken}` };
    const signedInPages = paths.map((path) => ({ path, headers: cookie }));
    console.log(line("service page, signed in, never asked for", await load(signedInPages, { once: true })));
    console.log(line("service page, signed in, the same pages again", await load(signedInPages)));

    const anonymous = await load([{ path: "/" }]);
    const signedIn = await load([{ path: "/", headers: cookie }]);
    console.log(line(`home page, signed out${label}`, anonymous));
    console.log(line(`home page, signed in${label}`, signedIn));
    await stopServer(server);
    server = null;
  }
} finally {
  if (server) await stopServer(server);
  await database.close();
}
process.exit(0);
