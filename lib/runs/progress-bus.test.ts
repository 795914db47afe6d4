import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeDbEvents, dbEvents } from "@/lib/db-events";
import { publishRunEvent, runTopic, subscribeRunEvents } from "./progress-bus";
import type { RunEvent } from "./run-types";

afterAll(closeDbEvents);

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
    await stopMine();
    await stopTheirs();
  });

  it("keep reaching a subscriber across a lost connection: it is made again by itself", async () => {
    const heard: RunEvent[] = [];
    const topic = runTopic("user-a", crypto.randomUUID());
    const stop = await subscribeRunEvents(topic, (e) => heard.push(e));
    const before = dbEvents().status();
    await db.$queryRaw`SELECT pg_terminate_backend(${before.backendPid}::int)`;
    await expect.poll(() => dbEvents().status().connections, { timeout: 10_000 }).toBe(before.connections + 1);
    await publishRunEvent(topic, { type: "finished" });
    await expect.poll(() => heard).toEqual([{ type: "finished" }]);
    await stop();
  });

  it("share one LISTEN among all subscribers, and UNLISTEN when the last one goes", async () => {
    const stops = await Promise.all([1, 2, 3].map(() => subscribeRunEvents(runTopic("user-a", crypto.randomUUID()), () => undefined)));
    expect(await dbEvents().listeningChannels()).toEqual(["explore_run_events"]);
    await Promise.all(stops.slice(1).map((stop) => stop()));
    expect(await dbEvents().listeningChannels()).toEqual(["explore_run_events"]);
    await stops[0]?.();
    expect(await dbEvents().listeningChannels()).toEqual([]);
  });
});
