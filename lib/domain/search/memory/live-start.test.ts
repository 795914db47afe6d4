import { afterAll, describe, expect, it, vi } from "vitest";
import { LiveSharedIndex } from "./live";

// A web process's first load waits until the process hears listing writes (instrumentation.ts passes the
// listener's `listening`): begun before, it would miss the writes in between and be loaded twice.

let live: LiveSharedIndex | null = null;
afterAll(async () => {
  await live?.close();
});

describe("the live shared index's first load", () => {
  it("begins only once the process hears listing writes, and is current when it ends", async () => {
    let hear = () => {};
    live = new LiveSharedIndex({ reloadGapMs: 0, listening: new Promise<void>((resolve) => (hear = resolve)) });
    await live.start();
    // A search asks for it; nothing loads yet.
    expect(live.current()).toBeNull();
    await live.loaded();
    expect(live.loads).toBe(0);
    hear();
    await vi.waitFor(() => expect(live?.loads).toBe(1), { timeout: 15_000, interval: 20 });
    expect(live.held()).not.toBeNull();
  });
});
