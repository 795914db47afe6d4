import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { closeDbEvents, listen } from "@/lib/db-events";
import { LISTINGS_CHANGED_CHANNEL, listingsWrittenOf } from "@/lib/catalog/listing-changes";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { recordSampleTest } from "./record";

// A recorded sample test may change its listing's label: it is announced as a write of that agent's listings.

afterAll(async () => {
  await closeDbEvents();
  await cleanUpTestRows();
});

describe("recordSampleTest", () => {
  it("announces the capability's agent on the listings channel once the result is committed", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{ extra: { hasExample: true } }] });
    const capability = agent.capabilities[0];
    if (!capability) throw new Error("the test agent has a capability");
    let announced = () => {};
    const heard = new Promise<void>((resolve) => (announced = resolve));
    // Resolves once LISTEN is in effect, so the announcement cannot pass unheard.
    await listen(LISTINGS_CHANGED_CHANNEL, (payload) => {
      if (listingsWrittenOf(payload)?.includes(agent.id)) announced();
    });
    const recorded = await recordSampleTest({
      jobId: randomUUID(),
      capabilityId: capability.id,
      capabilityVersion: "1.0.0",
      outcome: { status: "failed", startedAt: new Date(), latencyMs: 5, failureReason: "the output did not match", output: null },
      nextRunAt: new Date(Date.now() + 86_400_000),
    });
    expect(recorded).toBe("recorded");
    await heard;
  });
});
