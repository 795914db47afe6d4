import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { setAgentPublished } from "@/lib/domain/agents/publishing";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { closeDbEvents, dbEvents } from "@/lib/foundations/db/events";
import { listingsChangedSql } from "@/lib/model/catalog/listing-writes";
import { listenForListingChanges, type ListingsChangedListener } from "./listing-change-listener";
import { LISTINGS_CHANGED_CHANNEL, listingsGeneration } from "./listing-changes";

// The web server hears listing writes through PostgreSQL, only once they commit.

let listener: ListingsChangedListener;
let heard = 0;

beforeAll(async () => {
  listener = listenForListingChanges({ retryMs: 50, onChange: () => (heard += 1) });
});

afterAll(async () => {
  await listener.close();
  await closeDbEvents();
  await cleanUpTestRows();
});

describe("listing writes reach every web process", () => {
  it("a publish or unpublish moves the generation at once here, and is heard by every process", async () => {
    // Connecting counts as a change (nothing could be heard before it), noted before `listening` resolves.
    await listener.listening;
    expect(heard).toBe(1);
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, status: "unpublished" });
    const before = listingsGeneration();
    const seen = heard;
    expect(await setAgentPublished(owner, agent.handle, true)).toMatchObject({ ok: true });
    // The process that wrote notes it at once, before its own NOTIFY comes back.
    expect(listingsGeneration()).toBeGreaterThan(before);
    await expect.poll(() => heard).toBe(seen + 1);
    expect(await setAgentPublished(owner, agent.handle, false)).toMatchObject({ ok: true });
    await expect.poll(() => heard).toBe(seen + 2);
  });

  /** What `write` announced: notifications arrive in commit order, so anything it sent comes before the marker. */
  async function announcedBy(write: () => Promise<unknown>): Promise<string[]> {
    const client = new pg.Client({ connectionString: requireDatabaseUrl() });
    await client.connect();
    const payloads: string[] = [];
    client.on("notification", (m) => payloads.push(m.payload ?? ""));
    await client.query(`LISTEN ${LISTINGS_CHANGED_CHANNEL}`);
    try {
      await write();
      await db.$executeRaw`SELECT pg_notify(${LISTINGS_CHANGED_CHANNEL}, 'marker')`;
      await expect.poll(() => payloads.includes("marker")).toBe(true);
      return payloads.filter((p) => p !== "marker");
    } finally {
      await client.end();
    }
  }

  it("a write that rolls back is never heard", async () => {
    const announced = await announcedBy(() =>
      expect(
        db.$transaction(async (tx) => {
          await tx.$executeRaw(listingsChangedSql(null));
          throw new Error("rolled back");
        }),
      ).rejects.toThrow("rolled back"),
    );
    expect(announced).toEqual([]);
  });

  it("a refused publish is never heard: nobody can empty the caches with writes that change nothing", async () => {
    const [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
    const agent = await createTestAgent({ ownerId: owner.id, status: "unpublished" });
    let refused: unknown;
    expect(await announcedBy(async () => (refused = await setAgentPublished(stranger, agent.handle, true)))).toEqual([]);
    expect(refused).toMatchObject({ ok: false });
    // It names the agent it changed (search's index reads just that agent again).
    expect(await announcedBy(() => setAgentPublished(owner, agent.handle, true))).toEqual([expect.stringMatching(new RegExp(`^[0-9a-f-]{36};${agent.id}$`))]);
  });

  it("a lost connection is made again, and counts as a write of agents not known, since nothing could be heard meanwhile", async () => {
    await expect.poll(() => heard).toBeGreaterThan(0);
    const seen = heard;
    const [killed] = await db.$queryRaw<{ ok: boolean }[]>`SELECT pg_terminate_backend(${dbEvents().status().backendPid}::int) AS ok`;
    expect(killed?.ok).toBe(true);
    await expect.poll(() => heard, { timeout: 10_000 }).toBeGreaterThan(seen);
    // And it listens again.
    const after = heard;
    await db.$executeRaw(listingsChangedSql(null));
    await expect.poll(() => heard).toBeGreaterThan(after);
  });
});
