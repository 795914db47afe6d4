import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { noisyPng, solidImage, startFileServer, type FileServer } from "@/lib/testing/file-server";
import { markLogoAndTermsAfterImport, markUncheckedAgents } from "./after-import";
import { checkAgentLogo, type CheckContext } from "./check-logo";

// The logo job against a real loopback server serving sharp-made images, with the real guarded fetch and
// the real database: what passes is served as Explore's own WebP copies, what fails says why in words.

let files: FileServer;
let guarded: GuardedFetch;
let ownerId: string;
let ctx: CheckContext;

beforeAll(async () => {
  files = await startFileServer();
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1 << 20 });
  ownerId = (await createTestUser()).id;
  ctx = { fetch: guarded, allowLoopbackHttp: true, finalAttempt: true };
});

afterAll(async () => {
  await cleanUpTestRows();
  await guarded.close();
  await files.close();
});

/** An agent whose logo URL is `path` on the file server, with its check row as an import leaves it. */
async function agentWithLogo(path: string) {
  const agent = await createTestAgent({ ownerId, extra: { logoUrl: files.url(path) } });
  await markLogoAndTermsAfterImport(agent.handle);
  // This test runs the check itself: no worker of another test file may take it meanwhile.
  await db.agentLogo.update({ where: { agentId: agent.id }, data: { nextCheckAt: null } });
  return agent;
}

async function state(agentId: string) {
  const agent = await db.agent.findUniqueOrThrow({
    where: { id: agentId },
    select: { logoSha256: true, logoCheck: { select: { status: true, failure: true, servedUrl: true } } },
  });
  const images = await db.logoImage.findMany({ where: { agentId }, select: { size: true, webp: true }, orderBy: { size: "asc" } });
  return { ...agent, images };
}

async function failureFor(path: string, file: Parameters<FileServer["set"]>[1]): Promise<string | null | undefined> {
  files.set(path, file);
  const agent = await agentWithLogo(path);
  expect(await checkAgentLogo(agent.id, ctx)).toBe("failed");
  const after = await state(agent.id);
  expect(after.logoSha256).toBeNull();
  expect(after.images).toEqual([]);
  return after.logoCheck?.failure;
}

describe("the logo check", () => {
  it("passes a square PNG and serves WebP copies at 64, 128 and 256 px", async () => {
    files.set("/ok.png", { contentType: "image/png", body: await solidImage(512, 512, "png") });
    const agent = await agentWithLogo("/ok.png");
    expect((await state(agent.id)).logoCheck?.status).toBe("pending");
    expect(await checkAgentLogo(agent.id, ctx)).toBe("passed");
    const after = await state(agent.id);
    expect(after.logoCheck).toEqual({ status: "passed", failure: null, servedUrl: files.url("/ok.png") });
    expect(after.logoSha256).toMatch(/^[0-9a-f]{64}$/);
    const decoded = await Promise.all(after.images.map(async (i) => ({ size: i.size, meta: await sharp(i.webp).metadata() })));
    expect(decoded.map((d) => [d.size, d.meta.format, d.meta.width, d.meta.height])).toEqual([
      [64, "webp", 64, 64],
      [128, "webp", 128, 128],
      [256, "webp", 256, 256],
    ]);
  });

  it("judges by the bytes, not the Content-Type: a PNG sent as text/html passes, a text sent as image/png fails", async () => {
    files.set("/mislabelled.html", { contentType: "text/html", body: await solidImage(200, 200, "png") });
    const agent = await agentWithLogo("/mislabelled.html");
    expect(await checkAgentLogo(agent.id, ctx)).toBe("passed");
    expect(await failureFor("/not-an-image.png", { contentType: "image/png", body: "<html>hello</html>" })).toBe(
      "The file at the logo URL is not an image Explore can read; use PNG, JPEG or WebP.",
    );
  });

  it("accepts JPEG and WebP too", async () => {
    for (const format of ["jpeg", "webp"] as const) {
      files.set(`/ok.${format}`, { contentType: "application/octet-stream", body: await solidImage(128, 128, format) });
      const agent = await agentWithLogo(`/ok.${format}`);
      expect(await checkAgentLogo(agent.id, ctx), format).toBe("passed");
    }
  });

  it("says in words why a logo fails", async () => {
    expect(await failureFor("/anim.gif", { contentType: "image/gif", body: await solidImage(256, 256, "gif") })).toBe(
      "GIF is not accepted; use PNG, JPEG or WebP.",
    );
    expect(await failureFor("/wide.png", { contentType: "image/png", body: await solidImage(300, 200) })).toBe("The logo is 300 × 200 px; it must be square.");
    expect(await failureFor("/tiny.png", { contentType: "image/png", body: await solidImage(64, 64) })).toBe(
      "The logo is 64 × 64 px; it must be between 128 and 1024 px wide.",
    );
    expect(await failureFor("/huge.png", { contentType: "image/png", body: await solidImage(2048, 2048) })).toBe(
      "The logo is 2048 × 2048 px; it must be between 128 and 1024 px wide.",
    );
    // Judged by its header: told its size, not refused as unreadable.
    expect(await failureFor("/vast.png", { contentType: "image/png", body: await solidImage(3000, 3000) })).toBe(
      "The logo is 3000 × 3000 px; it must be between 128 and 1024 px wide.",
    );
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="red"/></svg>';
    expect(await failureFor("/logo.svg", { contentType: "image/png", body: svg })).toBe("SVG is not accepted; use PNG, JPEG or WebP.");
    const heavy = await noisyPng(370);
    expect(heavy.byteLength).toBeGreaterThan(256 * 1024);
    expect(await failureFor("/heavy.png", { contentType: "image/png", body: heavy })).toBe(
      `The logo is ${Math.ceil(heavy.byteLength / 1024)} KB; the limit is 256 KB.`,
    );
    expect(await failureFor("/gone.png", { status: 404, contentType: "text/plain", body: "no" })).toBe("The logo URL answered HTTP 404, not 200.");
  });

  it("refuses http:// to a public host without fetching it", async () => {
    const agent = await createTestAgent({ ownerId, extra: { logoUrl: "http://logos.example.com/logo.png" } });
    await markLogoAndTermsAfterImport(agent.handle);
    // Were it fetched, the guarded fetch would refuse it with other words (and this test would reach the network).
    expect(await checkAgentLogo(agent.id, { ...ctx, fetch: () => Promise.reject(new Error("fetched")) })).toBe("failed");
    expect((await state(agent.id)).logoCheck?.failure).toBe("http:// logos are not accepted; use https.");
  });

  it("keeps serving the logo that passed while a new URL is checked; a failing new URL shows the monogram", async () => {
    files.set("/first.png", { contentType: "image/png", body: await solidImage(256, 256, "png", "#ff0000") });
    files.set("/second.png", { contentType: "image/png", body: await solidImage(256, 128) });
    const agent = await agentWithLogo("/first.png");
    await checkAgentLogo(agent.id, ctx);
    const passed = await state(agent.id);

    await db.agent.update({ where: { id: agent.id }, data: { logoUrl: files.url("/second.png") } });
    await markLogoAndTermsAfterImport(agent.handle);
    const pending = await state(agent.id);
    expect(pending.logoCheck?.status).toBe("pending");
    expect(pending.logoSha256).toBe(passed.logoSha256);
    expect(pending.images).toHaveLength(3);

    expect(await checkAgentLogo(agent.id, ctx)).toBe("failed");
    const failed = await state(agent.id);
    expect(failed.logoSha256).toBeNull();
    expect(failed.logoCheck?.failure).toBe("The logo is 256 × 128 px; it must be square.");

    // Removing the logo from the agent.json removes the check and the copies.
    await db.agent.update({ where: { id: agent.id }, data: { logoUrl: null } });
    await markLogoAndTermsAfterImport(agent.handle);
    expect(await db.agentLogo.count({ where: { agentId: agent.id } })).toBe(0);
  });

  it("retries an unreachable logo, then keeps the copy of the same URL that passed before", async () => {
    files.set("/flaky.png", { contentType: "image/png", body: await solidImage(256, 256) });
    const agent = await agentWithLogo("/flaky.png");
    await checkAgentLogo(agent.id, ctx);
    const passed = await state(agent.id);
    files.set("/flaky.png", { status: 503, contentType: "text/plain", body: "busy" });
    await db.agentLogo.update({ where: { agentId: agent.id }, data: { status: "pending" } });
    expect(await checkAgentLogo(agent.id, { ...ctx, finalAttempt: false })).toBe("retry");
    expect(await checkAgentLogo(agent.id, ctx)).toBe("failed");
    const after = await state(agent.id);
    expect(after.logoCheck?.failure).toBe("The logo URL answered HTTP 503, not 200.");
    expect(after.logoSha256).toBe(passed.logoSha256);
    expect(after.images).toHaveLength(3);
  });

  it("gives an agent imported before checks existed its check", async () => {
    const agent = await createTestAgent({ ownerId, extra: { logoUrl: files.url("/late.png") } });
    expect(await db.agentLogo.count({ where: { agentId: agent.id } })).toBe(0);
    expect(await markUncheckedAgents(10_000)).toBeGreaterThanOrEqual(1);
    const row = await db.agentLogo.findUniqueOrThrow({ where: { agentId: agent.id }, select: { status: true, nextCheckAt: true } });
    expect(row.status).toBe("pending");
    expect(row.nextCheckAt).not.toBeNull();
  });

  it("skips a job whose agent was re-pointed since it was queued", async () => {
    files.set("/old.png", { contentType: "image/png", body: await solidImage(256, 256) });
    const agent = await agentWithLogo("/old.png");
    await db.agent.update({ where: { id: agent.id }, data: { logoUrl: files.url("/new.png") } });
    expect(await checkAgentLogo(agent.id, ctx)).toBe("skipped");
    expect(files.hits("/old.png")).toBe(0);
  });
});
