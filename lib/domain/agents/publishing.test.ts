import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { setAgentPublished } from "./publishing";

afterAll(cleanUpTestRows);

async function statusOf(handle: string) {
  return (await db.agent.findUniqueOrThrow({ where: { handle }, select: { status: true } })).status;
}

describe("setAgentPublished", () => {
  it("publishes and unpublishes the viewer's own agent", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, status: "unpublished" });

    expect(await setAgentPublished(owner, agent.handle, true)).toEqual({ ok: true, data: { handle: agent.handle, status: "published" } });
    const row = await db.agent.findUniqueOrThrow({ where: { handle: agent.handle }, select: { status: true, publishedAt: true } });
    expect(row.status).toBe("published");
    expect(row.publishedAt).toBeInstanceOf(Date);

    expect(await setAgentPublished(owner, agent.handle, false)).toEqual({ ok: true, data: { handle: agent.handle, status: "unpublished" } });
    expect(await statusOf(agent.handle)).toBe("unpublished");
  });

  it("refuses someone else's agent and changes nothing", async () => {
    const owner = await createTestUser();
    const other = await createTestUser();
    const unpublished = await createTestAgent({ ownerId: owner.id, status: "unpublished" });
    const published = await createTestAgent({ ownerId: owner.id, status: "published" });

    const publish = await setAgentPublished(other, unpublished.handle, true);
    expect(publish.ok).toBe(false);
    expect(await statusOf(unpublished.handle)).toBe("unpublished");

    const unpublish = await setAgentPublished(other, published.handle, false);
    expect(unpublish.ok).toBe(false);
    expect(await statusOf(published.handle)).toBe("published");
  });

  it("never lifts or changes a suspension, even for the owner", async () => {
    const owner = await createTestUser();
    const agent = await createTestAgent({ ownerId: owner.id, status: "suspended" });
    expect((await setAgentPublished(owner, agent.handle, true)).ok).toBe(false);
    expect((await setAgentPublished(owner, agent.handle, false)).ok).toBe(false);
    expect(await statusOf(agent.handle)).toBe("suspended");
  });

  it("answers not found for a handle that does not exist", async () => {
    const owner = await createTestUser();
    const result = await setAgentPublished(owner, "@no-such-agent-here", true);
    expect(result).toEqual({ ok: false, message: expect.stringContaining("@no-such-agent-here") });
  });
});
