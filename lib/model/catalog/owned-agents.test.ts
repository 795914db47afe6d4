import { afterAll, describe, expect, it } from "vitest";
import { cleanUpTestRows, createTestAgent, createTestUser, deleteTestAgents } from "@/lib/testing/fixtures";
import { findAgentHandles } from "./agent-handles";
import { findOwnedAgentById, findOwnedAgentHandles } from "./owned-agents";

afterAll(cleanUpTestRows);

// What other rooms keep by an agent's row id, named back: for its owner only, or for anyone where the row says nothing
// of ownership.
describe("agents by row id", () => {
  it("finds an agent by its row id for its owner only", async () => {
    const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
    const agent = await createTestAgent({ ownerId: owner.id });
    expect(await findOwnedAgentById(owner.id, agent.id)).toMatchObject({ rowId: agent.id, handle: agent.handle, updatedAt: expect.any(Date) });
    expect(await findOwnedAgentById(other.id, agent.id)).toBeNull();
    expect(await findOwnedAgentById(owner.id, "no-such-agent")).toBeNull();
  });

  it("names all of an owner's agents, and none of anyone else's", async () => {
    const [owner, other, nobody] = await Promise.all([createTestUser(), createTestUser(), createTestUser()]);
    const [first, second, theirs] = await Promise.all([
      createTestAgent({ ownerId: owner.id }),
      createTestAgent({ ownerId: owner.id, status: "unpublished" }),
      createTestAgent({ ownerId: other.id }),
    ]);
    expect(await findOwnedAgentHandles(owner.id)).toEqual(
      new Map([
        [first.id, first.handle],
        [second.id, second.handle],
      ]),
    );
    expect((await findOwnedAgentHandles(other.id)).get(theirs.id)).toBe(theirs.handle);
    expect(await findOwnedAgentHandles(nobody.id)).toEqual(new Map());
  });

  it("names agents by row id whoever owns them, leaving out the ones gone", async () => {
    const [one, two] = await Promise.all([createTestUser(), createTestUser()]);
    const [kept, gone] = await Promise.all([createTestAgent({ ownerId: one.id }), createTestAgent({ ownerId: two.id })]);
    await deleteTestAgents([gone.id]);
    expect(await findAgentHandles([kept.id, gone.id, kept.id])).toEqual(new Map([[kept.id, kept.handle]]));
    expect(await findAgentHandles([])).toEqual(new Map());
  });
});
