// Varnish in front of Explore, as signed-out visitors meet it (results go to docs/benchmarks.md; nothing here
// is asserted). One run, side by side, 20 concurrent clients each:
//   1. the anonymous home page through Varnish ÷ a static file of the build (an immutable /_next/static
//      chunk, the no-work floor of a cache hit) through the same Varnish: how close a stored page comes to a file;
//   2. the same home page from Next alone (no cache in front) beside a bare Next page (bench/baseline-app,
//      the framework's own floor), p50/p95: what each render costs when the cache cannot answer.
// Over generated listings in a throw-away embedded PostgreSQL; one web process (deploy/web.sh) and varnishd.
//
//   npm run build   # once: the benchmark serves the standalone build
//   npx tsx --conditions=react-server bench/varnish.ts [--listings 10000] [--duration 10] [--rounds 5] [--port 3430]
//
// The cache-hit ratio is taken in rounds that alternate which of the two goes first, and its median is the figure:
// both are hits of the same size, so a single pair mostly measures the machine's drift between them.
import { readdir } from "node:fs/promises";
import { get } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { availableParallelism } from "node:os";
import { openMigratedDatabase, projectRoot } from "../scripts/lib/database";
import { startVarnish } from "../scripts/lib/varnish";
import { generateListings } from "./generate-listings";
import { line, load, type Measured } from "./load";
import { startBaseline, startServer, stopServer } from "./server";

const { values } = parseArgs({
  options: {
    listings: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    port: { type: "string", default: "3430" },
    connections: { type: "string", default: "20" },
    rounds: { type: "string", default: "5" },
  },
});
const port = Number(values.port);
const [varnishPort, baselinePort] = [port + 1, port + 2];
const options = { connections: Number(values.connections), seconds: Number(values.duration) };
const gzip = { "accept-encoding": "gzip" };

/** The build's static chunk whose answer (gzipped as Next sends it) is nearest `bytes`: a file Varnish stores for a year. */
async function staticChunkLike(origin: string, bytes: number): Promise<string> {
  const dir = path.join(projectRoot, ".next/standalone/.next/static/chunks");
  const paths = (await readdir(dir)).filter((f) => f.endsWith(".js")).map((f) => `/_next/static/chunks/${f}`);
  const sizes = [];
  for (const p of paths) sizes.push({ p, sent: await bytesSent(`${origin}${p}`) });
  const nearest = sizes.sort((a, b) => Math.abs(a.sent - bytes) - Math.abs(b.sent - bytes))[0];
  if (!nearest) throw new Error("no static chunk in the build: run npm run build first");
  return nearest.p;
}

/** The bytes sent for `url` to a client that accepts gzip, as sent (fetch would count them unpacked). */
function bytesSent(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: gzip, agent: false }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
    }).on("error", reject);
  });
}

const measure = (origin: string, path: string): Promise<Measured> => load(origin, () => path, { ...options, headers: gzip });

const database = await openMigratedDatabase("throwaway");
const stops: (() => Promise<void>)[] = [() => database.close()];
try {
  await generateListings(database.url, Number(values.listings));
  const web = await startServer(database.url, { port, env: { RATE_LIMIT_API: "100000000/1m" } });
  stops.unshift(() => stopServer(web));
  const varnish = await startVarnish({ port: varnishPort, backendPorts: [port] });
  stops.unshift(() => varnish.stop());
  const baseline = await startBaseline(baselinePort);
  stops.unshift(() => baseline.stop());
  const next = `http://127.0.0.1:${port}`;

  // The file as large as the page as sent: a cache hit's cost grows with the bytes it sends.
  const homeBytes = await bytesSent(`${next}/`);
  const chunk = await staticChunkLike(next, homeBytes);
  console.log(`node ${process.version}, ${availableParallelism()} cores; one web process (deploy/web.sh), one varnishd; ${values.listings} listings`);
  console.log(`bytes sent: home ${homeBytes} (gzip), static file ${chunk} ${await bytesSent(`${varnish.url}${chunk}`)}`);
  // Warm: each route compiled, each answer stored.
  for (const origin of [varnish.url, next]) await load(origin, () => "/", { connections: 2, seconds: 2, headers: gzip });
  await load(varnish.url, () => chunk, { connections: 2, seconds: 2, headers: gzip });
  await load(baseline.origin, () => "/", { connections: 2, seconds: 2 });

  const ratios: number[] = [];
  let staticHit: Measured | null = null;
  let homeHit: Measured | null = null;
  for (let round = 0; round < Number(values.rounds); round += 1) {
    if (round % 2 === 0) {
      staticHit = await measure(varnish.url, chunk);
      homeHit = await measure(varnish.url, "/");
    } else {
      homeHit = await measure(varnish.url, "/");
      staticHit = await measure(varnish.url, chunk);
    }
    ratios.push(homeHit.rps / staticHit.rps);
    console.log(
      `round ${round + 1}: home ÷ static file through Varnish ${(homeHit.rps / staticHit.rps).toFixed(2)} (${homeHit.rps.toFixed(0)} ÷ ${staticHit.rps.toFixed(0)} req/s)`,
    );
  }
  if (!staticHit || !homeHit) throw new Error("--rounds must be at least 1");
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const homeNext = await measure(next, "/");
  const bare = await load(baseline.origin, () => "/", { ...options, headers: gzip });
  console.log(line("static file through Varnish", staticHit));
  console.log(line("home, signed out, through Varnish", homeHit));
  console.log(
    `home ÷ static file through Varnish, median of ${ratios.length} rounds: ${median.toFixed(2)} (each: ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
  );
  console.log(line("home, signed out, Next alone", homeNext));
  console.log(line("bare Next page", bare));
  console.log(`home ÷ bare page, Next alone: ${(homeNext.rps / bare.rps).toFixed(2)}`);
} finally {
  for (const stop of stops) await stop().catch((error: unknown) => console.error(error));
}
