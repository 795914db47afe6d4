// Long-tail API searches at 20 clients through the production server, with no listing writes and then while
// agents are unpublished and published again one after another (a real listing write each time, made in this
// process as the dashboard makes it, heard by the server through PostgreSQL's NOTIFY like any other process's).
// Prints both runs, how many writes were made, and how often the server's index was current, or patching a write
// in (answering with the written agents withheld until the patch lands), while they were made.
//
//   npx tsx scripts/with-db.ts bash -c 'npx tsx bench/generate-listings.ts "$DATABASE_URL" 100000 && npm run build &&
//     npx tsx --conditions=react-server bench/search-while-writing.ts [--seconds 15] [--every 1000]'
//
// Against a database already generated and a build already made: DATABASE_URL=... npx tsx --conditions=react-server bench/search-while-writing.ts
import { parseArgs } from "node:util";
import pg from "pg";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { setAgentPublished } from "@/lib/domain/agents/publishing";
import { line, load } from "./load";
import { longTailPaths } from "./long-tail-queries";
import { searchIndexLoaded, startServer, stopServer } from "./server";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "15" }, every: { type: "string", default: "1000" }, port: { type: "string", default: "3391" } },
});
const [seconds, every, port] = [Number(values.seconds), Number(values.every), Number(values.port)];
const origin = `http://127.0.0.1:${port}`;

const client = new pg.Client({ connectionString: requireDatabaseUrl() });
await client.connect();
const agents = (
  await client.query<{ handle: string; ownerId: string }>(`SELECT "handle", "ownerId" FROM "Agent" WHERE "status" = 'published' ORDER BY md5("id") LIMIT 1000`)
).rows;
await client.end();

const server = await startServer(requireDatabaseUrl(), { port, env: { RATE_LIMIT_API: "100000000/1m" } });
try {
  console.log(`search index loaded ${((await searchIndexLoaded(origin)) / 1000).toFixed(1)} s after the server answered`);
  const next = longTailPaths("api", 21);
  // Warm-up, then the run without writes.
  await load(origin, next, { connections: 20, seconds: 3 });
  console.log(line("API at 20 clients, no writes", await load(origin, next, { connections: 20, seconds })));

  let writes = 0;
  let writing = true;
  const writer = (async () => {
    for (let k = 0; writing; k++) {
      const agent = agents[Math.floor(k / 2) % agents.length];
      if (!agent) break;
      // Unpublished, then published again: the listing leaves search and comes back.
      const done = await setAgentPublished({ id: agent.ownerId }, agent.handle, k % 2 === 1);
      if (!done.ok) throw new Error(`${agent.handle}: ${JSON.stringify(done)}`);
      writes += 1;
      await new Promise((r) => setTimeout(r, every));
    }
  })();
  let [samples, current, patching] = [0, 0, 0];
  // Checks under way, awaited before the server stops (one still asking then would fail).
  const checking = new Set<Promise<void>>();
  const sampler = setInterval(() => {
    const check = fetch(`${origin}/api/health`)
      .then((r) => r.json() as Promise<{ searchIndex?: { state?: string } }>)
      .then((health) => {
        samples += 1;
        if (health.searchIndex?.state === "current") current += 1;
        if (health.searchIndex?.state === "patching") patching += 1;
      })
      .finally(() => checking.delete(check));
    checking.add(check);
  }, 50);
  const measured = await load(origin, next, { connections: 20, seconds });
  writing = false;
  clearInterval(sampler);
  await Promise.all([writer, ...checking]);
  console.log(line(`API at 20 clients, a write every ${every} ms`, measured));
  const share = (n: number) => `${((100 * n) / Math.max(1, samples)).toFixed(1)} %`;
  console.log(
    `${writes} listing writes; of ${samples} health checks the index was current in ${current} (${share(current)}), patching in ${patching} (${share(patching)})`,
  );
} finally {
  await stopServer(server);
}
