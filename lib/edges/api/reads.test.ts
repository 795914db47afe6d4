import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { apiFindAgentDocument, apiFindService } from "./reads";

afterAll(async () => {
  await cleanUpTestRows();
});

describe("the public API's reads", () => {
  it("states a service's figures from its 30-day statistics", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, extra: { endpointPending: true } });
    const [service] = agent.capabilities;
    if (!service) throw new Error("fixture");
    await db.capabilityStats.update({ where: { capabilityId: service.id }, data: { runs: 7 } });

    const found = await apiFindService(agent.handle, service.capabilityId);
    expect(found).toMatchObject({ runs_30d: 7, unreachable: true, waiting_for_adapter: true, sample_tested: false });
    expect(await apiFindService(agent.handle, "cap_none")).toBeNull();
  });

  it("serves an agent's agent.json without the capabilities a signed-out visitor may not see", async () => {
    const owner = await createTestUser();
    const document = { ekl: "1.0", capabilities: [{ tool: "tool_0" }, { tool: "tool_1" }] };
    const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{}, { listed: false }], extra: { document } });

    expect(await apiFindAgentDocument(agent.handle)).toEqual({ ekl: "1.0", capabilities: [{ tool: "tool_0" }] });
    const draft = await createTestAgent({ ownerId: owner.id, status: "unpublished", extra: { document } });
    expect(await apiFindAgentDocument(draft.handle)).toBeNull();
  });
});
