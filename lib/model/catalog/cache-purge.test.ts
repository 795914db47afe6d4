import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { once } from "node:events";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { closeDbEvents, dbEvents, publish } from "@/lib/foundations/db/events";
import { ALL_TAG, agentTag, LIST_TAG } from "@/lib/model/addresses/cache-tags";
import { LISTINGS_CHANGED_CHANNEL, listingsPayload } from "@/lib/model/catalog/listing-changes";
import { cleanUpTestRows, createTestAgent, createTestUser, deleteTestAgents } from "@/lib/testing/fixtures";
import { startVarnish } from "@/scripts/lib/varnish";
import { startCachePurger, type CachePurger } from "./cache-purge";

// The purger hears listing writes through PostgreSQL and sends the tags they leave out of date to every Varnish:
// here to loopback servers that record each PURGE (other test files write listings meanwhile, so each test looks
// for its own purge among those), and once to a real varnishd.

type Purge = { tags: string[]; at: number };

type Recorder = { url: string; purges: Purge[]; failNext: number; server: Server; waiters: Set<() => void> };

async function recorder(): Promise<Recorder> {
  const self: Recorder = { url: "", purges: [], failNext: 0, server: createServer(), waiters: new Set() };
  self.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "PURGE") return void res.writeHead(405).end();
    if (self.failNext > 0) {
      self.failNext -= 1;
      return void res.writeHead(503).end();
    }
    self.purges.push({ tags: String(req.headers["xkey-purge"] ?? "").split(" "), at: Date.now() });
    res.writeHead(200).end();
    for (const waiter of [...self.waiters]) waiter();
  });
  self.server.listen(0, "127.0.0.1");
  await once(self.server, "listening");
  const address = self.server.address();
  self.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return self;
}

/** The first purge received at or after `since` that `matches`, as soon as it arrives. */
function purgeAfter(r: Recorder, since: number, matches: (tags: string[]) => boolean): Promise<Purge> {
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => reject(new Error(`no matching purge at ${r.url}: ${JSON.stringify(r.purges)}`)), 10_000);
    const check = () => {
      const found = r.purges.find((p) => p.at >= since && matches(p.tags));
      if (!found) return;
      clearTimeout(timeout);
      r.waiters.delete(check);
      resolve(found);
    };
    r.waiters.add(check);
    check();
  });
}

const everything = (tags: string[]) => tags.includes(ALL_TAG);

let one: Recorder;
let two: Recorder;
let purger: CachePurger | null = null;
let started: number;

beforeAll(async () => {
  [one, two] = await Promise.all([recorder(), recorder()]);
  started = Date.now();
  purger = startCachePurger({ urls: [one.url, two.url], retryMs: 200, repeatMs: 400 });
});

afterEach(() => {
  one.failNext = 0;
  two.failNext = 0;
});

afterAll(async () => {
  await purger?.close();
  await closeDbEvents();
  one.server.close();
  two.server.close();
  await cleanUpTestRows();
});

describe("the cache purger", () => {
  it("forgets everything on every Varnish once it listens: writes before it were purged by nobody", async () => {
    await Promise.all([purgeAfter(one, started, everything), purgeAfter(two, started, everything)]);
  });

  it("purges the list and the written agents' tags on every Varnish within a second of a write, a burst in one purge", async () => {
    const owner = await createTestUser();
    const agents = await Promise.all([1, 2, 3].map(() => createTestAgent({ ownerId: owner.id })));
    const expected = [LIST_TAG, ...agents.map((a) => agentTag(a.handle))];
    const matches = (tags: string[]) => expected.every((tag) => tags.includes(tag));
    await purgeAfter(one, started, everything);
    const sent = Date.now();
    await Promise.all(agents.map((agent) => publish(LISTINGS_CHANGED_CHANNEL, listingsPayload([agent.id]))));
    const [first, second] = await Promise.all([purgeAfter(one, sent, matches), purgeAfter(two, sent, matches)]);
    expect(first.at - sent).toBeLessThan(1_000);
    expect(second.at - sent).toBeLessThan(1_000);
    expect(first.tags).not.toContain(ALL_TAG);
  });

  it("sends each purge again a moment later, for answers rendered while the write committed", async () => {
    // A purger of its own that names agents without the database, so nothing but the repeat times its purges.
    const own = await recorder();
    const handle = "t-repeat-" + Date.now().toString(36);
    const local = startCachePurger({
      urls: [own.url],
      repeatMs: 400,
      handlesOf: async (ids) => new Map(ids.map((id) => [id, id === "repeat-agent" ? handle : "another"])),
    });
    try {
      const matches = (tags: string[]) => tags.includes(agentTag(handle));
      await purgeAfter(own, 0, everything);
      const sent = Date.now();
      await publish(LISTINGS_CHANGED_CHANNEL, listingsPayload(["repeat-agent"]));
      const first = await purgeAfter(own, sent, matches);
      const again = await purgeAfter(own, first.at + 1, matches);
      expect(again.at - first.at).toBeGreaterThanOrEqual(400 - 50);
    } finally {
      await local.close();
      own.server.close();
    }
  });

  it("forgets everything for an agent it cannot name (deleted) and for a write that names no agent", async () => {
    const owner = await createTestUser();
    const gone = await createTestAgent({ ownerId: owner.id });
    await deleteTestAgents([gone.id]);
    await purgeAfter(one, started, everything);
    let sent = Date.now();
    await publish(LISTINGS_CHANGED_CHANNEL, listingsPayload([gone.id]));
    await purgeAfter(one, sent, everything);
    sent = Date.now();
    await publish(LISTINGS_CHANGED_CHANNEL, listingsPayload(null));
    await purgeAfter(one, sent, everything);
  });

  it("forgets everything after the event connection was lost, since writes meanwhile were not heard", async () => {
    await purgeAfter(one, started, everything);
    const { backendPid } = dbEvents().status();
    expect(backendPid).not.toBeNull();
    const client = new pg.Client({ connectionString: requireDatabaseUrl() });
    await client.connect();
    await client.query("SELECT pg_terminate_backend($1)", [backendPid]);
    await client.end();
    // Once connected again it calls onGap at once, so the purge it asks for is sent after this.
    await expect
      .poll(
        () => {
          const status = dbEvents().status();
          return status.connected && status.backendPid !== backendPid;
        },
        { interval: 10 },
      )
      .toBe(true);
    await purgeAfter(one, Date.now(), everything);
  });

  it("sends a purge again to a Varnish that did not take it", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id });
    const matches = (tags: string[]) => tags.includes(agentTag(agent.handle));
    await purgeAfter(two, started, everything);
    two.failNext = 1;
    const sent = Date.now();
    await publish(LISTINGS_CHANGED_CHANNEL, listingsPayload([agent.id]));
    await Promise.all([purgeAfter(one, sent, matches), purgeAfter(two, sent, matches)]);
    expect(two.failNext).toBe(0);
  });

  it("makes a real Varnish forget a stored answer about the written agent, and keep the others", async () => {
    const owner = await createTestUser();
    const [written, other] = await Promise.all([createTestAgent({ ownerId: owner.id }), createTestAgent({ ownerId: owner.id })]);
    let fetched = 0;
    const backend = createServer((req, res) => {
      fetched += 1;
      // The other answer carries its agent's tag alone: test files running alongside write listings on the same
      // database, and a write that names no agents purges everything tagged ALL_TAG.
      const xkey = req.url === "/written" ? `${ALL_TAG} ${agentTag(written.handle)}` : agentTag(other.handle);
      res.writeHead(200, { "cache-control": "public, s-maxage=600", xkey }).end(`#${fetched}`);
    });
    backend.listen(0, "127.0.0.1");
    await once(backend, "listening");
    const address = backend.address();
    const varnish = await startVarnish({ port: 4112, backendPorts: [typeof address === "object" && address ? address.port : 0] });
    const local = startCachePurger({ urls: [varnish.url] });
    try {
      const cached = async (path: string) => (await fetch(`${varnish.url}${path}`)).headers.get("x-cache");
      // The purger's first purge (everything) may come after these are stored: store them until it has.
      await expect.poll(async () => [await cached("/written"), await cached("/other")], { interval: 50 }).toEqual(["hit", "hit"]);
      const sent = Date.now();
      await publish(LISTINGS_CHANGED_CHANNEL, listingsPayload([written.id]));
      await expect.poll(() => cached("/written"), { interval: 20, timeout: 1_000 }).toBe("miss");
      expect(Date.now() - sent).toBeLessThan(1_000);
      expect(await cached("/other")).toBe("hit");
    } finally {
      await local.close();
      await varnish.stop();
      backend.close();
    }
  });
});
