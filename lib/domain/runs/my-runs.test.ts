import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { findMyRunServices, findMyRuns } from "./queries";

afterAll(cleanUpTestRows);

describe("My runs", () => {
  it("filters the viewer's own runs by status and by service, and lists only the services they ran", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{ name: "Alpha" }, { name: "Beta" }, { name: "Gamma" }] });
    const [alpha, beta] = agent.capabilities;
    if (!alpha || !beta) throw new Error("capabilities expected");
    const me = await createTestUser();
    const other = await createTestUser();
    const run = (userId: string, capabilityId: string, status: "succeeded" | "tool_error") =>
      db.execution.create({ data: { userId, capabilityId, status, argumentsSha256: "0".repeat(64) }, select: { id: true } });
    const a1 = await run(me.id, alpha.id, "succeeded");
    const a2 = await run(me.id, alpha.id, "tool_error");
    const b1 = await run(me.id, beta.id, "succeeded");
    await run(other.id, beta.id, "tool_error");

    const ids = async (filters: Parameters<typeof findMyRuns>[1]) => (await findMyRuns(me, filters)).map((r) => r.id).sort();
    expect(await ids(undefined)).toEqual([a1.id, a2.id, b1.id].sort());
    expect(await ids({ status: "tool_error", service: null })).toEqual([a2.id]);
    expect(await ids({ status: null, service: { handle: agent.handle, capabilityId: beta.capabilityId } })).toEqual([b1.id]);
    expect(await ids({ status: "tool_error", service: { handle: agent.handle, capabilityId: beta.capabilityId } })).toEqual([]);
    expect((await findMyRunServices(me)).map((s) => s.name)).toEqual(["Alpha", "Beta"]);
    expect((await findMyRunServices(other)).map((s) => s.name)).toEqual(["Beta"]);
  });
});
