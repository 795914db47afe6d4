import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { createDbEvents, type DbEvents } from "@/lib/foundations/db/events";
import { LISTINGS_CHANGED_CHANNEL, listingsWrittenOf } from "@/lib/model/catalog/listing-changes";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { announceAgedLabels, shownLabels } from "./label-changes";
import { recordSampleTest } from "./record";

// A sample test announces its agent's listings only when it changes what they show, and the worker announces
// those that age changed, once: heard as the web servers hear them, by LISTENing on the listings channel.

const WAIT = { timeout: 10_000, interval: 20 };
const DAY = 86_400_000;
let events: DbEvents;
/** Every agent named on the listings channel, in the order heard. */
const named: string[] = [];
let owner: string;
let windowBefore: Date;

beforeAll(async () => {
  owner = (await createTestUser()).id;
  events = createDbEvents();
  await events.listen(LISTINGS_CHANGED_CHANNEL, (payload) => named.push(...(listingsWrittenOf(payload) ?? [])));
  windowBefore = (await db.sampleTestLabelWindow.findUniqueOrThrow({ where: { id: 1 } })).since;
});

afterAll(async () => {
  await db.sampleTestLabelWindow.update({ where: { id: 1 }, data: { since: windowBefore } });
  await events.close();
  await cleanUpTestRows();
});

async function testedCapability(): Promise<{ agentId: string; capabilityId: string }> {
  const agent = await createTestAgent({ ownerId: owner, capabilities: [{ extra: { hasExample: true } }] });
  const capability = agent.capabilities[0];
  if (!capability) throw new Error("no capability");
  return { agentId: agent.id, capabilityId: capability.id };
}

function record(capabilityId: string, status: "passed" | "failed", startedAt: Date) {
  return recordSampleTest({
    jobId: randomUUID(),
    capabilityId,
    capabilityVersion: "1.0.0",
    outcome: { status, startedAt, latencyMs: 5, failureReason: status === "failed" ? "It broke." : null, output: null },
    nextRunAt: new Date(startedAt.getTime() + DAY),
  });
}

function times(agentId: string): number {
  return named.filter((a) => a === agentId).length;
}

describe("a sample test's result", () => {
  it("announces its agent when the label appears or fails, and not when it stays as it was", async () => {
    const { agentId, capabilityId } = await testedCapability();
    await record(capabilityId, "passed", new Date(Date.now() - 60_000));
    await expect.poll(() => times(agentId), WAIT).toBe(1);
    // Still sample-tested: nothing to announce.
    await record(capabilityId, "passed", new Date());
    await record(capabilityId, "failed", new Date());
    // Notifications arrive in commit order: the second pass's would have come before the failure's.
    await expect.poll(() => times(agentId), WAIT).toBe(2);
    expect(await db.sampleTest.count({ where: { capabilityId } })).toBe(3);
  });

  it("a failure after failures changes nothing shown, until the last pass leaves the 3-day window", () => {
    const now = new Date();
    const failing = { hasExample: true, lastTestPassed: false, lastTestAt: now, lastPassAt: new Date(now.getTime() - DAY) };
    expect(shownLabels(failing, now)).toEqual({ sampleTested: false, failing: true, unreachable: false });
    expect(shownLabels({ ...failing, lastPassAt: new Date(now.getTime() - 4 * DAY) }, now)).toEqual({ sampleTested: false, failing: true, unreachable: true });
  });
});

describe("announceAgedLabels", () => {
  it("announces, once, the agents whose labels changed with age since the last pass", async () => {
    // A moment of its own, far ahead, so a worker elsewhere moving the window to its own now does not meet it.
    const since = new Date(Date.now() + 365 * DAY);
    const now = new Date(since.getTime() + 120_000);
    await db.sampleTestLabelWindow.update({ where: { id: 1 }, data: { since } });
    const [stale, notYet, unreachableEnds, passLeaves] = await Promise.all([testedCapability(), testedCapability(), testedCapability(), testedCapability()]);
    // Its pass turns 7 days old between `since` and `now`: no longer sample-tested.
    await record(stale.capabilityId, "passed", new Date(since.getTime() - 7 * DAY + 60_000));
    // Its pass turns 7 days old only later.
    await record(notYet.capabilityId, "passed", new Date(since.getTime() - 7 * DAY + 600_000));
    // Only failures, the last one leaving the 3-day window: no longer unreachable.
    await record(unreachableEnds.capabilityId, "failed", new Date(since.getTime() - 3 * DAY + 60_000));
    // A pass leaving the 3-day window with a failure in it: unreachable from now on.
    await record(passLeaves.capabilityId, "passed", new Date(since.getTime() - 3 * DAY + 60_000));
    await record(passLeaves.capabilityId, "failed", new Date(since.getTime() - DAY));
    // What the tests themselves announced (seen from today, each one's result is new): appeared, failing.
    await expect.poll(() => [stale, notYet, unreachableEnds, passLeaves].map((c) => times(c.agentId)), WAIT).toEqual([1, 1, 1, 2]);

    expect(await announceAgedLabels(now)).toBeGreaterThanOrEqual(3);
    // One notification names them all: once one is heard, so are the others.
    await expect.poll(() => times(passLeaves.agentId), WAIT).toBe(3);
    expect([stale, notYet, unreachableEnds].map((c) => times(c.agentId))).toEqual([2, 1, 2]);
    // The window moved: the same moment again announces nothing.
    expect(await announceAgedLabels(now)).toBe(0);
    expect((await db.sampleTestLabelWindow.findUniqueOrThrow({ where: { id: 1 } })).since).toEqual(now);
  });
});
