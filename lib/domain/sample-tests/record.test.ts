import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { closeDbEvents, listen } from "@/lib/foundations/db/events";
import { LISTINGS_CHANGED_CHANNEL, listingsWrittenOf } from "@/lib/model/catalog/listing-changes";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { recordSampleTest } from "./record";

// A recorded sample test that may change its listing's label is announced as a write of that agent's listings.

afterAll(async () => {
  await closeDbEvents();
  await cleanUpTestRows();
});

describe("recordSampleTest", () => {
  it("announces the agent once committed when the label may change kind, and not for a pass after a fresh pass", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{ extra: { hasExample: true } }] });
    const capability = agent.capabilities[0];
    if (!capability) throw new Error("the test agent has a capability");
    let announcements = 0;
    const waiting = new Set<() => void>();
    // Resolves once LISTEN is in effect, so no announcement can pass unheard.
    await listen(LISTINGS_CHANGED_CHANNEL, (payload) => {
      if (!listingsWrittenOf(payload)?.includes(agent.id)) return;
      announcements += 1;
      for (const heard of [...waiting]) heard();
    });
    const announced = (count: number) =>
      new Promise<void>((resolve) => {
        const heard = () => {
          if (announcements < count) return;
          waiting.delete(heard);
          resolve();
        };
        waiting.add(heard);
        heard();
      });
    const record = (status: "passed" | "failed", startedAt: Date) =>
      recordSampleTest({
        jobId: randomUUID(),
        capabilityId: capability.id,
        capabilityVersion: "1.0.0",
        outcome: { status, startedAt, latencyMs: 5, failureReason: status === "failed" ? "the output did not match" : null, output: null },
        nextRunAt: new Date(startedAt.getTime() + 86_400_000),
      });
    const t = Date.now();

    // Never tested: the label appears.
    expect(await record("passed", new Date(t - 3_000))).toBe("recorded");
    await announced(1);
    // A pass after a fresh pass: only "passed … ago" moves.
    expect(await record("passed", new Date(t - 2_000))).toBe("recorded");
    // The label fails: heard after the one before would have been (NOTIFYs arrive in commit order).
    expect(await record("failed", new Date(t - 1_000))).toBe("recorded");
    await announced(2);
    expect(announcements).toBe(2);
    // Passing again: the label comes back.
    expect(await record("passed", new Date(t))).toBe("recorded");
    await announced(3);
  });
});
