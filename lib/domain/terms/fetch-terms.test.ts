import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import type { CheckContext } from "@/lib/domain/logos/check-logo";
import { markLogoAndTermsAfterImport } from "@/lib/domain/logos/after-import";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { startFileServer, type FileServer } from "@/lib/testing/file-server";
import { fetchAgentTerms } from "./fetch-terms";
import { findTermsChanges } from "./history";

// The terms job against a real loopback server: the hash is of the bytes fetched, HTML is reduced to text,
// a failed re-check keeps the last good copy, and each new hash is remembered with when it was first seen.

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

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

async function agentWithTerms(path: string) {
  const agent = await createTestAgent({ ownerId, extra: { termsUrl: files.url(path) } });
  await markLogoAndTermsAfterImport(agent.handle);
  // This test runs the fetch itself: no worker of another test file may take it meanwhile.
  await db.agentTermsCheck.update({ where: { agentId: agent.id }, data: { nextCheckAt: null } });
  return agent;
}

async function state(agentId: string) {
  return db.agent.findUniqueOrThrow({
    where: { id: agentId },
    select: { termsUrlSha256: true, termsFetchedAt: true, termsCheck: { select: { status: true, failure: true, text: true, nextCheckAt: true } } },
  });
}

describe("the terms fetch", () => {
  it("reduces HTML to text and hashes the bytes as fetched", async () => {
    const html =
      "<html><head><title>T</title><style>p{color:red}</style></head><body><nav>Home · Blog</nav><h1>Terms</h1><p>Be <b>kind</b>. See <a href='/x'>this</a>.</p></body></html>";
    files.set("/terms.html", { contentType: "text/html; charset=utf-8", body: html });
    const agent = await agentWithTerms("/terms.html");
    const now = new Date("2026-12-02T10:00:00Z");
    expect(await fetchAgentTerms(agent.id, { ...ctx, now })).toBe("passed");
    const after = await state(agent.id);
    expect(after.termsUrlSha256).toBe(sha(html));
    expect(after.termsFetchedAt).toEqual(now);
    expect(after.termsCheck?.status).toBe("passed");
    expect(after.termsCheck?.text).toContain("Be kind. See this.");
    expect(after.termsCheck?.text).not.toMatch(/<|color:red|Home · Blog|\/x/);
    // The daily re-check.
    expect(after.termsCheck?.nextCheckAt).toEqual(new Date("2026-12-03T10:00:00Z"));
  });

  it("takes plain text and Markdown as they are, and refuses other types in words", async () => {
    files.set("/terms.md", { contentType: "text/markdown", body: "# Terms\n\nBe kind." });
    const md = await agentWithTerms("/terms.md");
    expect(await fetchAgentTerms(md.id, ctx)).toBe("passed");
    expect((await state(md.id)).termsCheck?.text).toBe("# Terms\n\nBe kind.");

    files.set("/terms.pdf", { contentType: "application/pdf", body: "%PDF-1.4" });
    const pdf = await agentWithTerms("/terms.pdf");
    expect(await fetchAgentTerms(pdf.id, ctx)).toBe("failed");
    const after = await state(pdf.id);
    expect(after.termsCheck?.failure).toBe("The terms URL sent application/pdf; Explore accepts text/plain, text/markdown or HTML.");
    expect(after.termsUrlSha256).toBeNull();
  });

  it("refuses terms over 256 KB", async () => {
    files.set("/long.txt", { contentType: "text/plain", body: "a".repeat(256 * 1024 + 1) });
    const agent = await agentWithTerms("/long.txt");
    expect(await fetchAgentTerms(agent.id, ctx)).toBe("failed");
    expect((await state(agent.id)).termsCheck?.failure).toBe("The terms are 257 KB; the limit is 256 KB.");
  });

  it("keeps the last good copy when a re-check fails, and logs each change of hash", async () => {
    files.set("/t.txt", { contentType: "text/plain", body: "Version one." });
    const agent = await agentWithTerms("/t.txt");
    const day1 = new Date("2026-12-02T08:00:00Z");
    await fetchAgentTerms(agent.id, { ...ctx, now: day1 });

    files.set("/t.txt", { status: 500, contentType: "text/plain", body: "oops" });
    expect(await fetchAgentTerms(agent.id, { ...ctx, finalAttempt: false })).toBe("retry");
    expect(await fetchAgentTerms(agent.id, { ...ctx, now: new Date("2026-12-03T08:00:00Z") })).toBe("failed");
    const failed = await state(agent.id);
    expect(failed.termsCheck?.status).toBe("failed");
    expect(failed.termsCheck?.failure).toBe("The terms URL answered HTTP 500, not 200.");
    expect(failed.termsCheck?.text).toBe("Version one.");
    expect(failed.termsUrlSha256).toBe(sha("Version one."));
    expect(failed.termsFetchedAt).toEqual(day1);

    files.set("/t.txt", { contentType: "text/plain", body: "Version two." });
    const day3 = new Date("2026-12-04T08:00:00Z");
    await fetchAgentTerms(agent.id, { ...ctx, now: day3 });
    // The same text again the next day is no change.
    await fetchAgentTerms(agent.id, { ...ctx, now: new Date("2026-12-05T08:00:00Z") });
    expect(await findTermsChanges(agent.id)).toEqual([{ at: day3, sha256: sha("Version two."), url: files.url("/t.txt") }]);
    // The consumers' change log of each service says so, once: the first fetch and the same text again are no change.
    const changes = await db.serviceChange.findMany({ where: { agentId: agent.id }, select: { capabilityId: true, kind: true, words: true } });
    expect(changes).toEqual([
      {
        capabilityId: "cap_t0",
        kind: "terms",
        words: `Terms changed: the text at ${files.url("/t.txt")} is new (SHA-256 ${sha("Version two.").slice(0, 12)}…).`,
      },
    ]);
  });

  it("forgets the hash when the URL changes on import, and fetches the new one", async () => {
    files.set("/a.txt", { contentType: "text/plain", body: "A." });
    const agent = await agentWithTerms("/a.txt");
    await fetchAgentTerms(agent.id, ctx);
    await db.agent.update({ where: { id: agent.id }, data: { termsUrl: files.url("/b.txt") } });
    await markLogoAndTermsAfterImport(agent.handle);
    const after = await state(agent.id);
    expect(after.termsUrlSha256).toBeNull();
    expect(after.termsCheck?.status).toBe("pending");
    expect(after.termsCheck?.nextCheckAt).not.toBeNull();
  });
});
