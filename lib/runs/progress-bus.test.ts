import { afterAll, describe, expect, it } from "vitest";
import { closeRunEvents, publishRunEvent, runTopic, subscribeRunEvents } from "./progress-bus";
import type { RunEvent } from "./run-types";

afterAll(closeRunEvents);

describe("run events through LISTEN/NOTIFY", () => {
  it("reach the subscriber of their topic only", async () => {
    const mine: RunEvent[] = [];
    const theirs: RunEvent[] = [];
    const key = crypto.randomUUID();
    const stopMine = await subscribeRunEvents(runTopic("user-a", key), (e) => mine.push(e));
    const stopTheirs = await subscribeRunEvents(runTopic("user-b", key), (e) => theirs.push(e));
    await publishRunEvent(runTopic("user-a", key), { type: "started", executionId: "00000000-0000-4000-8000-000000000000" });
    await publishRunEvent(runTopic("user-a", key), { type: "progress", progress: 1, total: 2, message: "x".repeat(1000) });
    await publishRunEvent(runTopic("user-a", key), { type: "finished" });
    await expect.poll(() => mine.length).toBe(3);
    expect(mine[1]).toMatchObject({ type: "progress", progress: 1, total: 2 });
    expect(mine[1]?.type === "progress" ? mine[1].message?.length : 0).toBe(300);
    expect(theirs).toEqual([]);
    stopMine();
    stopTheirs();
  });
});
