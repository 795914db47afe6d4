import pg from "pg";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { closeDbEvents, dbEvents } from "@/lib/foundations/db/events";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { listingsGeneration, noteListingsWritten, withheldAnswers } from "@/lib/model/catalog/listing-changes";
import { listenForListingChanges, type ListingsChangedListener } from "@/lib/model/catalog/listing-change-listener";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { noFilters } from "@/lib/domain/search/filters";
import { currentSharedIndex, LiveSharedIndex, sharedIndexState, startSharedIndex, stopSharedIndex } from "./live";
import { countFacets, findMatchingIds } from "@/lib/domain/search/search";
import { lexemesOf, type MeantLexemes } from "@/lib/domain/search/lexemes";
import { plantedWord } from "@/lib/testing/planted-word";
import { recordSampleTest } from "@/lib/domain/sample-tests/record";

// The process's shared index stays current: after a listing write it answers withholding the agents it wrote
// until they are patched in (when the write does not say which, PostgreSQL answers until the index is loaded
// again); a sample test that changes a label is patched in without a load; runs are taken in when facts are
// read again; a gap in the event connection loads it again.

const WAIT = { timeout: 15_000, interval: 20 };
const word = plantedWord("zw");
const handles: string[] = [];
let live: LiveSharedIndex;
let listener: ListingsChangedListener;
/** Listing writes the listener has heard (connecting counts as one). */
let heard = 0;
let owner: string;

async function importAgent(count: number, name = (i: number) => `${word} planted ${i}`, again?: string): Promise<string[]> {
  const handle = again ?? uniqueHandle("fl");
  if (!again) handles.push(handle);
  const capabilities = Array.from({ length: count }, (_, i) => ({
    tool: `tool_${i}`,
    name: name(i),
    summary: "Holds a planted row.",
    category: "weather.current",
    limitations: "Test rows only.",
    class: "read_only",
    output_schema: { type: "object" },
    example: { input: { n: i }, expected_output: { ok: true } },
  }));
  const text = JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: "Live Index Agent", purpose: "Holds planted rows.", languages: ["en"] },
    adapter: { endpoint: "https://mcp.example.test/mcp" },
    capabilities,
  });
  const result = await importAgentFile({ text, ownerId: owner, publish: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return (await db.capability.findMany({ where: { agent: { handle } }, select: { id: true } })).map((r) => r.id);
}

beforeAll(async () => {
  owner = (await createTestUser()).id;
  await importAgent(3);
  // As the server runs (instrumentation.ts): listing writes heard, this process's own among them.
  await new Promise<void>((connected) => {
    listener = listenForListingChanges({
      onChange: () => {
        heard += 1;
        connected();
      },
    });
  });
  live = await startSharedIndex({ reloadGapMs: 0 });
  await live.loaded();
});

afterAll(async () => {
  await listener.close();
  await stopSharedIndex();
  await closeDbEvents();
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

/**
 * What the current index counts for a signed-out visitor's search of the planted word, asked in the same turn as
 * currentSharedIndex() (so before any patch it starts can land), and whether the answer withheld listings.
 */
function countedNow(meant: MeantLexemes[]): { total: number | null; withheld: boolean } {
  const before = withheldAnswers();
  const index = currentSharedIndex();
  return { total: index?.total("everyone", { ...noFilters, query: word }, meant, new Date()) ?? null, withheld: withheldAnswers() !== before };
}

describe("the live shared index", () => {
  it("answers once loaded; after a listing write it withholds the written agent's listings until they are patched in", async () => {
    const meant = await lexemesOf([{ word, correction: null }]);
    expect(countedNow(meant)).toEqual({ total: 3, withheld: false });
    const [loads, patches] = [live.loads, live.patches];
    const [written, before] = [listingsGeneration(), heard];
    await importAgent(2);
    await live.settled();
    expect(countedNow(meant)).toEqual({ total: 5, withheld: false });
    const agent = await db.agent.findUniqueOrThrow({ where: { handle: handles[0] }, select: { id: true } });
    const publish = (status: "published" | "unpublished") =>
      writeListings(async (tx, wrote) => {
        await tx.agent.update({ where: { id: agent.id }, data: { status } });
        wrote(agent.id);
        return { ok: true };
      });
    // The write moved the listings' generation, and the patch is being read (it needs PostgreSQL, so it cannot
    // land before this turn ends): meanwhile the index answers with the agent's listings withheld, hidden at
    // once, and says so (the public API does not offer such an answer to the HTTP cache).
    await publish("unpublished");
    expect(sharedIndexState()).toEqual({ state: "patching", listings: null });
    expect(countedNow(meant)).toEqual({ total: 2, withheld: true });
    await live.settled();
    expect(sharedIndexState()).toMatchObject({ state: "current" });
    expect(countedNow(meant)).toEqual({ total: 2, withheld: false });
    // Published again: its listings appear when the patch lands.
    await publish("published");
    expect(countedNow(meant)).toEqual({ total: 2, withheld: true });
    await live.settled();
    expect(countedNow(meant)).toEqual({ total: 5, withheld: false });
    const index = currentSharedIndex();
    expect((await countFacets(null, { ...noFilters, query: word }, new Date(), null, index)).total).toBe(5);
    // Read again for the agents written alone, not loaded again.
    expect([live.loads, live.patches]).toEqual([loads, patches + 3]);
    // Their NOTIFYs come back to this process too, and change nothing: the writes were taken in when they committed.
    await expect.poll(() => heard, WAIT).toBe(before + 3);
    expect(listingsGeneration()).toBe(written + 3);
    expect(currentSharedIndex()).toBe(index);
    expect([live.loads, live.patches]).toEqual([loads, patches + 3]);
    // The patch starts at the write: with no search asking, the index is current again by itself.
    await publish("published");
    expect(sharedIndexState()).toEqual({ state: "patching", listings: null });
    await expect.poll(() => sharedIndexState().state, WAIT).toBe("current");
    expect([live.loads, live.patches]).toEqual([loads, patches + 4]);
  });

  it("loads again when a written listing's neighbour is not held as PostgreSQL has it, after trying again", async () => {
    const [neighbour] = await importAgent(1, () => `${word} planted m`);
    await live.settled();
    const [loads, patches] = [live.loads, live.patches];
    // Renamed behind the index's back (a write it has not heard of): next to the name written below.
    await db.$executeRaw`UPDATE "Capability" SET "nameWords" = ${`${word} planted n0`} WHERE "id" = ${neighbour}`;
    await importAgent(1, () => `${word} planted n`);
    // Withholding the written agent, while the patch is tried again and again refused.
    expect(currentSharedIndex()).not.toBeNull();
    await expect.poll(() => live.loads, WAIT).toBe(loads + 1);
    expect(live.patches).toBe(patches);
    await live.settled();
    expect(currentSharedIndex()).not.toBeNull();
  });

  it("loads again after a write that does not say which agents it changed", async () => {
    const loads = live.loads;
    await writeListings(async () => ({ ok: true }));
    expect(sharedIndexState()).toEqual({ state: "loading", listings: null });
    expect(currentSharedIndex()).toBeNull();
    await live.loaded();
    expect(live.loads).toBe(loads + 1);
    expect(currentSharedIndex()).not.toBeNull();
  });

  it("loads again by itself once the gap since the last load has passed, with no search to ask for it", async () => {
    const quiet = new LiveSharedIndex({ reloadGapMs: 2_000 });
    try {
      await quiet.start();
      await quiet.loaded();
      const loads = quiet.loads;
      expect(quiet.held()).not.toBeNull();
      // Within the gap: the write drops the index, and nothing but the passing of the gap loads it again.
      await writeListings(async () => ({ ok: true }));
      await quiet.settled();
      expect(quiet.held()).toBeNull();
      await expect.poll(() => quiet.loads, WAIT).toBe(loads + 1);
      await quiet.loaded();
      expect(quiet.held()).not.toBeNull();
    } finally {
      await quiet.close();
    }
  });

  it("takes in a write heard while it loads once the load lands, with no search to ask for it", async () => {
    const quiet = new LiveSharedIndex({ reloadGapMs: 1_000 });
    try {
      const starting = quiet.start();
      // The event connection's first connect counts as such a write (listing-change-listener.ts).
      noteListingsWritten(null);
      await starting;
      await quiet.loaded();
      await expect.poll(() => quiet.held() !== null, WAIT).toBe(true);
      expect(quiet.loads).toBe(2);
    } finally {
      await quiet.close();
    }
  });

  it("patches in a sample test that makes a listing sample-tested, without loading again", async () => {
    const [id] = await db.capability.findMany({ where: { agent: { handle: { in: handles } } }, select: { id: true }, take: 1 });
    if (!id) throw new Error("no planted capability");
    const loads = live.loads;
    const index = currentSharedIndex();
    if (!index) throw new Error("the index is not current");
    const tested = async () => (await countFacets(null, { ...noFilters, query: word, sampleTested: true }, new Date(), null, index)).total;
    expect(await tested()).toBe(0);
    const patches = live.patches;
    await recordSampleTest({
      jobId: `job-${randomUUID()}`,
      capabilityId: id.id,
      capabilityVersion: "1.0.0",
      outcome: { status: "passed", startedAt: new Date(), latencyMs: 5, failureReason: null, output: { ok: true } },
      nextRunAt: new Date(Date.now() + 86_400_000),
    });
    await expect.poll(tested, WAIT).toBe(1);
    expect(live.patches).toBeGreaterThan(patches);
    expect(live.loads).toBe(loads);
    expect(currentSharedIndex()).toBe(index);
  });

  it('takes in a change of runs when it reads facts again: "most run" orders by it', async () => {
    const index = currentSharedIndex();
    if (!index) throw new Error("the index is not current");
    const mostRun = async () =>
      (await findMatchingIds(null, { ...noFilters, query: word }, { sort: "most_run", limit: 1, offset: 0, now: new Date() }, index)).ids[0];
    const rows = await db.capability.findMany({ where: { agent: { handle: { in: handles } } }, select: { id: true }, orderBy: { id: "asc" } });
    const last = rows.at(-1)?.id;
    if (!last) throw new Error("no planted capability");
    // Set here rather than by planting runs: the triggers that keep the figures are tested elsewhere.
    await db.capabilityStats.update({ where: { capabilityId: last }, data: { runs: 1_000 } });
    expect(index.health("everyone", last, new Date())?.runs).toBe(0);
    live.refreshFacts();
    await live.settled();
    expect(index.health("everyone", last, new Date())?.runs).toBe(1_000);
    expect(await mostRun()).toBe(last);
  });

  it("loads again after a gap in the event connection, when a result may have been missed", async () => {
    const loads = live.loads;
    const connections = dbEvents().status().connections;
    const client = new pg.Client({ connectionString: requireDatabaseUrl() });
    await client.connect();
    try {
      await client.query("SELECT pg_terminate_backend($1)", [dbEvents().status().backendPid]);
    } finally {
      await client.end();
    }
    await expect.poll(() => dbEvents().status().connections, WAIT).toBeGreaterThan(connections);
    await expect.poll(() => live.loads, WAIT).toBe(loads + 1);
    expect(currentSharedIndex()).not.toBeNull();
  });
});
