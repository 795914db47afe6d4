import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeDbEvents, createDbEvents, DB_EVENTS_APPLICATION_NAME, dbEvents, listen, publish } from "./events";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { listenForListingChanges } from "@/lib/model/catalog/listing-change-listener";
import { LISTINGS_CHANGED_CHANNEL } from "@/lib/model/catalog/listing-changes";

// The process's one LISTEN connection, against a real PostgreSQL: every wait is for an event or a condition.

const WAIT = { timeout: 10_000, interval: 20 };

afterEach(async () => {
  vi.useRealTimers();
  await closeDbEvents();
});

/** A channel no other test (or test file, on the same database) uses. */
function channel(): string {
  return `test_${crypto.randomUUID().replaceAll("-", "")}`;
}

/** Runs `query` on a connection of its own: another session than the listening one. */
async function elsewhere<T extends pg.QueryResultRow>(query: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: requireDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(query, values)).rows;
  } finally {
    await client.end();
  }
}

/** The backends this process's event connections hold, as PostgreSQL sees them. */
async function eventBackends(): Promise<number[]> {
  const rows = await elsewhere<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = $1", [DB_EVENTS_APPLICATION_NAME]);
  return rows.map((row) => row.pid);
}

async function terminate(pid: number | null): Promise<void> {
  expect(pid).not.toBeNull();
  const [row] = await elsewhere<{ ok: boolean }>("SELECT pg_terminate_backend($1) AS ok", [pid]);
  expect(row?.ok).toBe(true);
}

describe("the process's event connection", () => {
  it("delivers what is NOTIFYed on a channel to its subscribers once listen has resolved, and nothing from other channels", async () => {
    const [mine, other] = [channel(), channel()];
    const heard: string[] = [];
    await listen(mine, (payload) => heard.push(payload));
    await publish(mine, "one");
    await publish(other, "not mine");
    await elsewhere("SELECT pg_notify($1, 'two')", [mine]);
    await expect.poll(() => heard, WAIT).toEqual(["one", "two"]);
  });

  it("listens to every channel on ONE connection: its own channels and listing changes share it", async () => {
    const [a, b] = [channel(), channel()];
    const heard: string[] = [];
    await listen(a, (payload) => heard.push(`a:${payload}`));
    await listen(b, (payload) => heard.push(`b:${payload}`));
    let listingsHeard = 0;
    const listings = listenForListingChanges({ onChange: () => (listingsHeard += 1) });
    await expect.poll(() => listingsHeard, WAIT).toBe(1);

    const { backendPid } = dbEvents().status();
    expect(await eventBackends()).toEqual([backendPid]);
    expect(await dbEvents().listeningChannels()).toEqual([a, b, LISTINGS_CHANGED_CHANNEL].sort());
    await publish(b, "2");
    await publish(a, "1");
    await expect.poll(() => heard, WAIT).toEqual(["b:2", "a:1"]);
    await listings.close();
  });

  it("unsubscribing stops delivery, and the last handler of a channel UNLISTENs it", async () => {
    const [quiet, marker] = [channel(), channel()];
    const first: string[] = [];
    const second: string[] = [];
    const markers: string[] = [];
    const stopFirst = await listen(quiet, (payload) => first.push(payload));
    const stopSecond = await listen(quiet, (payload) => second.push(payload));
    await listen(marker, (payload) => markers.push(payload));

    await stopFirst();
    expect(await dbEvents().listeningChannels()).toContain(quiet);
    await publish(quiet, "x");
    // Both handlers hear a notification in the same turn: once the second has it, the first would have.
    await expect.poll(() => second, WAIT).toEqual(["x"]);
    expect(first).toEqual([]);

    await stopSecond();
    expect(await dbEvents().listeningChannels()).toEqual([marker]);
    expect(dbEvents().status().channels).toEqual([marker]);
    await publish(quiet, "y");
    await publish(marker, "after y");
    // Notifications arrive in order on one connection: "y" would have come before the marker.
    await expect.poll(() => markers, WAIT).toEqual(["after y"]);
    expect(second).toEqual(["x"]);
  });

  it("a killed connection is made again by itself: it LISTENs again, existing subscribers hear what comes after, and each is told of the gap", async () => {
    const [a, b] = [channel(), channel()];
    const heardA: string[] = [];
    const heardB: string[] = [];
    const gaps = { a: 0, b: 0 };
    await listen(a, (payload) => heardA.push(payload), { onGap: () => (gaps.a += 1) });
    await listen(b, (payload) => heardB.push(payload), { onGap: () => (gaps.b += 1) });
    const before = dbEvents().status();
    expect(before).toMatchObject({ connected: true, connections: 1 });

    await terminate(before.backendPid);
    // The gap is told once LISTEN is in effect again: whatever is published from now on arrives.
    await expect.poll(() => gaps, WAIT).toEqual({ a: 1, b: 1 });
    const after = dbEvents().status();
    expect(after).toMatchObject({ connected: true, connections: 2, reconnectPending: false });
    expect(after.backendPid).not.toBe(before.backendPid);
    expect(await eventBackends()).toEqual([after.backendPid]);
    expect(await dbEvents().listeningChannels()).toEqual([a, b].sort());

    await publish(a, "after a");
    await publish(b, "after b");
    await expect.poll(() => [heardA, heardB], WAIT).toEqual([["after a"], ["after b"]]);
    // A subscriber that came after the gap missed nothing, and is not told of it.
    let lateGaps = 0;
    await listen(a, () => undefined, { onGap: () => (lateGaps += 1) });
    expect(lateGaps).toBe(0);
    expect(gaps).toEqual({ a: 1, b: 1 });
  });

  it("waits out its backoff before reconnecting, and close leaves neither a timer nor a connection", async () => {
    // Only the event connection's own timers are faked: vi.getTimerCount() counts nothing else.
    const events = createDbEvents({ minRetryMs: 1_000 });
    let gaps = 0;
    await events.listen(channel(), () => undefined, { onGap: () => (gaps += 1) });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

    await terminate(events.status().backendPid);
    await expect.poll(() => events.status().reconnectPending, WAIT).toBe(true);
    expect(events.status().connected).toBe(false);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(events.status()).toMatchObject({ reconnectPending: true, connections: 1 });
    vi.advanceTimersByTime(1);
    await expect.poll(() => gaps, WAIT).toBe(1);
    expect(events.status()).toMatchObject({ connected: true, connections: 2, reconnectPending: false });

    // Lost again, and closed while its reconnection waits.
    await terminate(events.status().backendPid);
    await expect.poll(() => events.status().reconnectPending, WAIT).toBe(true);
    await events.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(events.status()).toMatchObject({ connected: false, reconnectPending: false, channels: [] });
    vi.advanceTimersByTime(60_000);
    expect(events.status().connections).toBe(2);
    await expect.poll(eventBackends, WAIT).toEqual([]);
  });

  it("close ends the connection: PostgreSQL no longer sees it, and the next listen makes a new one", async () => {
    await listen(channel(), () => undefined);
    const { backendPid } = dbEvents().status();
    expect(await eventBackends()).toEqual([backendPid]);
    await closeDbEvents();
    await expect.poll(eventBackends, WAIT).toEqual([]);

    const heard: string[] = [];
    const again = channel();
    await listen(again, (payload) => heard.push(payload));
    expect(dbEvents().status().backendPid).not.toBe(backendPid);
    await publish(again, "new");
    await expect.poll(() => heard, WAIT).toEqual(["new"]);
  });

  it("a listen that cannot connect rejects and leaves nothing behind to retry", async () => {
    // Nothing listens on port 1 of the loopback: the connection is refused at once.
    const events = createDbEvents({ databaseUrl: "postgresql://explore@127.0.0.1:1/explore" });
    await expect(events.listen(channel(), () => undefined)).rejects.toThrow();
    expect(events.status()).toEqual({ connected: false, backendPid: null, channels: [], connections: 0, reconnectPending: false });
    await events.close();
  });

  it("refuses a channel name LISTEN would read differently", async () => {
    await expect(listen("Upper", () => undefined)).rejects.toThrow("not a channel name");
    await expect(listen("x; DROP TABLE y", () => undefined)).rejects.toThrow("not a channel name");
    await expect(publish("a-b", "")).rejects.toThrow("not a channel name");
  });
});
