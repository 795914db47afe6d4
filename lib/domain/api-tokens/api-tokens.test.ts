import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { sha256Hex } from "@/lib/foundations/sha256";
import { cleanUpTestRows, createTestUser } from "@/lib/testing/fixtures";
import { formData } from "@/lib/testing/form-data";
import { session } from "@/lib/testing/viewer-stub";
import { createApiTokenAction, revokeApiTokenAction } from "./actions";
import { bearerToken, listApiTokens, MAX_LIVE_API_TOKENS, grantOfApiToken } from "./tokens";

afterAll(cleanUpTestRows);

beforeEach(async () => {
  session.viewer = await createTestUser({ dateOfBirth: new Date("1990-05-01"), showMature: true });
});

async function make(label = "my agent"): Promise<string> {
  const result = await createApiTokenAction(null, formData({ label }));
  if (!result.ok) throw new Error(result.message);
  return result.data.token;
}

describe("personal API tokens", () => {
  it("are shown once and kept only as their hash", async () => {
    const token = await make();
    expect(token).toMatch(/^ept_[A-Za-z0-9_-]{43}$/);
    const rows = await db.apiToken.findMany({ where: { userId: session.viewer?.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenSha256).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(await listApiTokens(session.viewer?.id ?? ""))).not.toContain(rows[0]?.tokenSha256);
  });

  it("stand for their owner, record their use, and stop when revoked", async () => {
    const token = await make("research agent");
    const viewer = (await grantOfApiToken(token))?.viewer;
    expect(viewer).toMatchObject({ id: session.viewer?.id, showMature: true });
    const [listed] = await listApiTokens(session.viewer?.id ?? "");
    expect(listed).toMatchObject({ label: "research agent", revokedAt: null });
    expect(listed?.lastUsedAt).toBeInstanceOf(Date);

    const revoked = await revokeApiTokenAction(null, formData({ tokenId: listed?.id ?? "" }));
    expect(revoked).toMatchObject({ ok: true });
    expect(await grantOfApiToken(token)).toBeNull();
    expect(await revokeApiTokenAction(null, formData({ tokenId: listed?.id ?? "" }))).toMatchObject({
      ok: false,
      message: "There is no such live token of yours.",
    });
  });

  it("refuse unknown, malformed and missing tokens", async () => {
    expect(await grantOfApiToken(null)).toBeNull();
    expect(await grantOfApiToken("ept_not-a-token")).toBeNull();
    expect(await grantOfApiToken("eat_an-adapter-token")).toBeNull();
    expect(bearerToken("Bearer ept_abc")).toBe("ept_abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });

  it("are limited per person, even when asked for at once", async () => {
    const results = await Promise.all(Array.from({ length: MAX_LIVE_API_TOKENS + 3 }, (_, i) => createApiTokenAction(null, formData({ label: `agent ${i}` }))));
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_LIVE_API_TOKENS);
    expect(results.find((r) => !r.ok)).toMatchObject({ message: `You have ${MAX_LIVE_API_TOKENS} live tokens: revoke one first.` });
    expect(await db.apiToken.count({ where: { userId: session.viewer?.id, revokedAt: null } })).toBe(MAX_LIVE_API_TOKENS);
  });

  it("need a name", async () => {
    expect(await createApiTokenAction(null, formData({ label: "  " }))).toMatchObject({
      ok: false,
      fieldErrors: { label: [expect.stringContaining("Name the token")] },
    });
  });
});
