import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/model/accounts/viewer";

// The connect action as the form calls it, against the real (throw-away) database and a real MCP server on
// loopback: only the viewer's own agents can be compared with, and the header's value goes nowhere.

vi.hoisted(() => vi.stubEnv("EXPLORE_ALLOW_LOOPBACK_ADAPTERS", "1"));
vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

import { db } from "@/lib/foundations/db/client";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { startMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import { formData } from "@/lib/testing/form-data";
import { connectMcpAction } from "@/lib/domain/publishing/entry-actions";
import { session } from "@/lib/testing/viewer-stub";

const header = { name: "Authorization", value: "Bearer not-for-anyone-else-7f3a9" };
let mcp: TestServer;
let alice: Viewer;
let bob: Viewer;
let alicesHandle: string;

beforeAll(async () => {
  mcp = await startMcpServer({ requireHeader: header });
  [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
  const document = minimalAgentFile({
    capabilities: [minimalCapability({ tool: "add", summary: "Adds two numbers together." }), minimalCapability({ tool: "gone" })],
  });
  alicesHandle = (await createTestAgent({ ownerId: alice.id, extra: { document } })).handle;
});
afterAll(async () => {
  await mcp.close();
  await cleanUpTestRows();
});

const form = (fields: Record<string, string>) => formData({ url: mcp.url, headerName: header.name, headerValue: header.value, compare: "", ...fields });

describe("connectMcpAction", () => {
  it("drafts the server's agent.json and compares it with the viewer's own agent", async () => {
    session.viewer = alice;
    const result = await connectMcpAction(null, form({ compare: alicesHandle }));
    if (!result.ok) throw new Error(result.message);
    expect(result.data.tools.map((t) => t.tool)).toContain("add");
    expect(result.data.comparison).toMatchObject({ handle: alicesHandle, diff: { removed: ["gone"] } });
    expect(result.data.comparison?.diff.added).toContain("echo");
    expect(result.data.draftText).toContain(`"endpoint": "${mcp.url}"`);
    expect(result.data.kept).toEqual({ url: mcp.url, headerName: header.name, compare: alicesHandle });
  });

  it("does not read another publisher's agent, and calls nothing then", async () => {
    session.viewer = bob;
    const before = mcp.requestHeaders.length;
    const result = await connectMcpAction(null, form({ compare: alicesHandle }));
    expect(result).toMatchObject({ ok: false, fieldErrors: { compare: [`You have no agent ${alicesHandle}.`] } });
    expect(JSON.stringify(result)).not.toContain("Adds two numbers");
    expect(mcp.requestHeaders.length).toBe(before);
  });

  it("keeps the header's value out of the answer and out of the database", async () => {
    session.viewer = alice;
    const answers = [await connectMcpAction(null, form({})), await connectMcpAction(null, form({ url: "http://169.254.169.254/mcp" }))];
    expect(answers[0]?.ok).toBe(true);
    expect(answers[1]).toMatchObject({ ok: false, details: { url: "http://169.254.169.254/mcp", headerName: header.name } });
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(header.value);
    const stored = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM "Agent" WHERE "document"::text LIKE ${`%${header.value}%`}`;
    expect(stored[0]?.n).toBe(0n);
  });

  it("refuses a half-given header and a bad URL by field, calling nothing", async () => {
    session.viewer = alice;
    const before = mcp.requestHeaders.length;
    expect(await connectMcpAction(null, form({ headerName: "" }))).toMatchObject({ ok: false, fieldErrors: { headerName: [expect.any(String)] } });
    expect(await connectMcpAction(null, form({ headerValue: "" }))).toMatchObject({ ok: false, fieldErrors: { headerValue: [expect.any(String)] } });
    expect(await connectMcpAction(null, form({ headerName: "Content-Type" }))).toMatchObject({ ok: false, fieldErrors: { headerName: [expect.any(String)] } });
    expect(await connectMcpAction(null, form({ url: "ftp://example.com" }))).toMatchObject({ ok: false, fieldErrors: { url: [expect.any(String)] } });
    expect(mcp.requestHeaders.length).toBe(before);
  });
});
