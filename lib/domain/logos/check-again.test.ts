import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { session } from "@/lib/testing/viewer-stub";
import { checkAgainAction } from "./actions";

// "Check again": the owner's logo check is due at once, at most once a minute; an agent imported before
// checks existed gets its check row.

let owner: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  owner = await createTestUser();
  session.viewer = owner;
});
afterAll(cleanUpTestRows);

describe("Check again", () => {
  it("makes the owner's logo check due now, once a minute", async () => {
    const agent = await createTestAgent({ ownerId: owner.id, extra: { logoUrl: "https://logos.example.com/x.png" } });
    const first = await checkAgainAction(null, formData({ handle: agent.handle, kind: "logo" }));
    expect(first.ok).toBe(true);
    const row = await db.agentLogo.findUniqueOrThrow({ where: { agentId: agent.id }, select: { status: true, nextCheckAt: true, requestedAt: true } });
    expect(row.status).toBe("pending");
    expect(row.nextCheckAt).not.toBeNull();
    const second = await checkAgainAction(null, formData({ handle: agent.handle, kind: "logo" }));
    expect(second).toMatchObject({ ok: false, message: "A check was asked for less than a minute ago. Try again in a minute." });
  });

  it("says so when the agent.json names no terms URL", async () => {
    const agent = await createTestAgent({ ownerId: owner.id });
    const result = await checkAgainAction(null, formData({ handle: agent.handle, kind: "terms" }));
    expect(result).toMatchObject({ ok: false, message: "This agent's agent.json names no terms URL; add terms.url and import it again." });
  });
});
