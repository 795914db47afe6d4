import { afterAll, describe, expect, it } from "vitest";
import { cleanUpTestRows, createTestAgent, createTestUser, deleteTestAgents } from "@/lib/testing/fixtures";
import { findOwnedEscalatingServices, findServiceRowId, findServicesByRowIds } from "./executions";

afterAll(cleanUpTestRows);

const escalating = { class: "external_action", effects: { escalate: true } } as const;

describe("what lists of runs ask of the catalog", () => {
  it("finds a service's row by handle and capability ID, whatever its state, and names rows in one map", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, status: "unpublished", capabilities: [{ name: "Alpha" }, { name: "Beta", listed: false }] });
    const [alpha, beta] = agent.capabilities;
    if (!alpha || !beta) throw new Error("fixture");
    expect(await findServiceRowId(agent.handle, beta.capabilityId)).toEqual({ rowId: beta.id });
    expect(await findServiceRowId(agent.handle, "cap_none")).toBeNull();
    expect(await findServiceRowId("@no-such-agent", alpha.capabilityId)).toBeNull();

    const gone = await createTestAgent({ ownerId: owner.id });
    await deleteTestAgents([gone.id]);
    const named = await findServicesByRowIds([alpha.id, beta.id, alpha.id, gone.capabilities[0]!.id]);
    expect([...named.keys()].sort()).toEqual([alpha.id, beta.id].sort());
    expect(named.get(alpha.id)).toEqual({ name: "Alpha", capabilityId: alpha.capabilityId, agent: { handle: agent.handle } });
    expect(await findServicesByRowIds([])).toEqual(new Map());
  });

  it("gives the owner's escalating external actions only, of one agent or service when asked", async () => {
    const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
    const mine = await createTestAgent({
      ownerId: owner.id,
      capabilities: [
        { capabilityId: "cap_send", extra: escalating },
        { capabilityId: "cap_quiet", extra: { class: "external_action", effects: { escalate: false } } },
        { capabilityId: "cap_read" },
      ],
    });
    const second = await createTestAgent({ ownerId: owner.id, capabilities: [{ capabilityId: "cap_book", extra: escalating }] });
    const theirs = await createTestAgent({ ownerId: other.id, capabilities: [{ capabilityId: "cap_send", extra: escalating }] });
    const rowIds = async (...args: Parameters<typeof findOwnedEscalatingServices>) => [...(await findOwnedEscalatingServices(...args)).keys()].sort();
    expect(await rowIds(owner.id)).toEqual([mine.capabilities[0]!.id, second.capabilities[0]!.id].sort());
    expect(await rowIds(owner.id, { handle: mine.handle })).toEqual([mine.capabilities[0]!.id]);
    expect(await rowIds(owner.id, { handle: second.handle, capabilityId: "cap_send" })).toEqual([]);
    expect(await rowIds(owner.id, { handle: theirs.handle })).toEqual([]);
    expect(await rowIds(other.id)).toEqual([theirs.capabilities[0]!.id]);
    expect((await findOwnedEscalatingServices(owner.id, { handle: mine.handle, capabilityId: "cap_send" })).get(mine.capabilities[0]!.id)).toEqual({
      name: "Service 0",
      capabilityId: "cap_send",
      agent: { handle: mine.handle },
    });
  });
});
