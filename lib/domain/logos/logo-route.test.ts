import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));

import sharp from "sharp";
import { GET } from "@/app/logos/[handle]/[file]/route";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { solidImage } from "@/lib/testing/file-server";
import { session } from "@/lib/testing/viewer-stub";
import { judgeLogo } from "./judge";
import { logoPath } from "./paths";
import { putLogoCopies } from "./store";

// GET /logos/{handle}/{size}.webp: Explore's copy, only where THE visibility rule lets the viewer see the
// agent; public answers are cached for good under their hash, answers only the owner may get are private.

let owner: Awaited<ReturnType<typeof createTestUser>>;
let sha256 = "";

async function agentWithCopies(status: "published" | "unpublished", contentRating: "general" | "mature" = "general") {
  const agent = await createTestAgent({ ownerId: owner.id, status, capabilities: [{ contentRating }] });
  const verdict = await judgeLogo(await solidImage(256, 256));
  if (!verdict.ok) throw new Error(verdict.reason);
  sha256 = verdict.sha256;
  await db.$transaction(async (tx) => {
    await tx.agentLogo.create({ data: { agentId: agent.id, url: "https://logos.example.com/a.png", status: "passed" } });
    await putLogoCopies(tx, agent.id, verdict.copies);
    await tx.agent.update({ where: { id: agent.id }, data: { logoSha256: verdict.sha256 } });
  });
  return agent;
}

function get(path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, "http://127.0.0.1");
  const [, , handle = "", file = ""] = url.pathname.split("/");
  return GET(new Request(url, { headers }), { params: Promise.resolve({ handle, file }) });
}

beforeAll(async () => {
  owner = await createTestUser();
});
beforeEach(() => {
  session.viewer = null;
});
afterAll(cleanUpTestRows);

describe("the logo route", () => {
  it("serves a published agent's copy as WebP, cached for good under its hash, and answers 304 to its ETag", async () => {
    const agent = await agentWithCopies("published");
    const response = await get(logoPath(agent.handle, 128, sha256));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 128]);

    const etag = response.headers.get("etag") ?? "";
    expect(etag).toContain(sha256.slice(0, 32));
    const again = await get(logoPath(agent.handle, 128, sha256), { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // Without the hash in the URL the answer may change: cached briefly only.
    expect((await get(`/logos/${agent.handle}/128.webp`)).headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("is 404 for a signed-out request when the agent is unpublished or only mature; private for its owner", async () => {
    const unpublished = await agentWithCopies("unpublished");
    const mature = await agentWithCopies("published", "mature");
    for (const agent of [unpublished, mature]) {
      const response = await get(logoPath(agent.handle, 64, sha256));
      expect(response.status, agent.handle).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    session.viewer = owner;
    const own = await get(logoPath(unpublished.handle, 64, sha256));
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-cache");
    session.viewer = await createTestUser();
    expect((await get(logoPath(unpublished.handle, 64, sha256))).status).toBe(404);
  });

  it("is 404 for sizes it does not serve, bad handles, and agents without a passing logo", async () => {
    const agent = await agentWithCopies("published");
    expect((await get(`/logos/${agent.handle}/512.webp`)).status).toBe(404);
    expect((await get(`/logos/${agent.handle}/64.png`)).status).toBe(404);
    expect((await get(`/logos/not-a-handle!/64.webp`)).status).toBe(404);
    await db.agent.update({ where: { id: agent.id }, data: { logoSha256: null } });
    expect((await get(`/logos/${agent.handle}/64.webp`)).status).toBe(404);
  });
});
