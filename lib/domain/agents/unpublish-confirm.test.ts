import { afterAll, describe, expect, it, vi } from "vitest";

// Unpublishing is asked twice; the viewer is the only thing mocked, the action runs on the real database.

vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { unpublishAgentAction } from "./actions";
import { session } from "@/lib/testing/viewer-stub";

afterAll(cleanUpTestRows);

describe("unpublishing", () => {
  it("first answers with the question and changes nothing, then unpublishes on confirm=yes", async () => {
    const owner = await createTestUser();
    session.viewer = owner;
    const agent = await createTestAgent({ ownerId: owner.id, status: "published" });
    const asked = await unpublishAgentAction(null, formData({ handle: agent.handle }));
    expect(asked).toMatchObject({ ok: false, details: { confirm: true } });
    expect(asked.ok ? "" : asked.message).toBe(`Unpublish ${agent.handle}? Its pages leave Explore for everyone else at once; you can publish it again.`);
    expect((await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).status).toBe("published");
    expect(await unpublishAgentAction(null, formData({ handle: agent.handle, confirm: "yes" }))).toMatchObject({ ok: true });
    expect((await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).status).toBe("unpublished");
  });
});
