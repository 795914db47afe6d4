import { randomInt } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Viewer } from "@/lib/model/accounts/viewer";

// Every limited action and the public API, with small limits, against the real (throw-away) database: the
// (N+1)th request is refused in the limit's words (or 429 with Retry-After), and nothing is done for it.
// (Sign-in links: lib/model/accounts/sign-in-limits.test.ts.)

vi.hoisted(() => {
  const limits = {
    RATE_LIMIT_RUNS: "2/1m",
    RATE_LIMIT_REPORTS: "2/1h",
    RATE_LIMIT_TEST_NOW: "2/10m",
    RATE_LIMIT_IMPORTS: "2/1h",
    RATE_LIMIT_API: "2/30s",
    RATE_LIMIT_DRAFT_CHECKS: "2/1m",
    // The runs below call a real MCP server on loopback through Explore's own guarded fetch.
    EXPLORE_ALLOW_LOOPBACK_ADAPTERS: "1",
  };
  for (const [name, value] of Object.entries(limits)) vi.stubEnv(name, value);
});
vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));
vi.mock("next/server", () => import("@/lib/testing/deferred-after"));

import { db } from "@/lib/foundations/db/client";
import { minimalAgentFile } from "@/lib/model/agent-file/fixtures";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { startMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import { importAgentAction } from "@/lib/domain/publishing/entry-actions";
import { cleanUpTestRows, createTestAgent, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { reportListingAction } from "@/lib/domain/moderation/actions";
import { repeatExecutionAction, runCapabilityAction } from "@/lib/domain/runs/actions";
import { testNowAction } from "@/lib/domain/sample-tests/actions";
import { saveDraftAction } from "@/lib/domain/publishing/draft-actions";
import { formData } from "@/lib/testing/form-data";
import { GET as openApiGet } from "@/app/api/v1/openapi.json/route";
import { GET as registryServersGet } from "@/app/v0.1/servers/route";
import { session } from "@/lib/testing/viewer-stub";
import { settleDeferred } from "@/lib/testing/deferred-after";

let adapter: TestServer;
const importedHandles: string[] = [];

beforeAll(async () => {
  adapter = await startMcpServer();
});
afterAll(async () => {
  await settleDeferred();
  await closeAdapterClients();
  await adapter.close();
  await db.agent.deleteMany({ where: { handle: { in: importedHandles } } });
  await cleanUpTestRows();
});

let viewer: Viewer;
beforeEach(async () => {
  viewer = await createTestUser();
  session.viewer = viewer;
});

const echoSchema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };

async function echoService() {
  const publisher = await createTestUser();
  const agent = await createTestAgent({
    ownerId: publisher.id,
    extra: { endpoint: adapter.url },
    capabilities: [{ capabilityId: "cap_echo", extra: { tool: "echo", inputSchema: echoSchema } }],
  });
  return { handle: agent.handle, capabilityId: "cap_echo" };
}

function runEcho(service: { handle: string; capabilityId: string }) {
  return runCapabilityAction(null, formData({ ...service, arguments: '{"text":"hi"}' }));
}

// A minute's window: by the time the refusal is worded a second may have gone by on a busy machine.
const tooManyRuns = expect.stringMatching(/^Too many runs in a short time; try again in (1 minute|[1-5]?\d seconds)\.$/);

describe("runs", () => {
  it("lets two runs through, then refuses the third in words without calling the adapter", async () => {
    const service = await echoService();
    expect(await runEcho(service)).toMatchObject({ ok: true, data: { argumentsText: '{"text":"hi"}' } });
    expect(await runEcho(service)).toMatchObject({ ok: true });
    const refused = await runEcho(service);
    expect(refused).toEqual({
      ok: false,
      message: tooManyRuns,
      details: { argumentsText: '{"text":"hi"}', dryRun: false },
    });
    expect(await db.execution.count({ where: { userId: viewer.id } })).toBe(2);
  });

  it("counts a repeat as a run", async () => {
    const service = await echoService();
    const first = await runEcho(service);
    if (!first.ok) throw new Error(`the first run failed: ${JSON.stringify(first)}`);
    const executionId = first.data.execution.id;
    // A repeat of a run still recorded as running is refused: the record is finished by the deferred work.
    await settleDeferred();
    const repeated = await repeatExecutionAction({ executionId, arguments: '{"text":"hi"}' });
    expect(repeated.ok).toBe(true);
    expect(await repeatExecutionAction({ executionId, arguments: '{"text":"hi"}' })).toEqual({
      ok: false,
      message: tooManyRuns,
    });
    expect(await runEcho(service)).toMatchObject({ ok: false, message: tooManyRuns });
    const execution = await db.execution.findUniqueOrThrow({ where: { id: executionId }, select: { repeatCount: true } });
    expect(execution.repeatCount).toBe(1);
  });

  it("counts each person in their own bucket", async () => {
    const service = await echoService();
    await runEcho(service);
    await runEcho(service);
    expect(await runEcho(service)).toMatchObject({ ok: false, message: tooManyRuns });
    session.viewer = await createTestUser();
    expect(await runEcho(service)).toMatchObject({ ok: true });
  });
});

describe("reports", () => {
  it("files two reports, then refuses the third in words and files nothing", async () => {
    const publisher = await createTestUser();
    const agent = await createTestAgent({
      ownerId: publisher.id,
      capabilities: [{ capabilityId: "cap_a" }, { capabilityId: "cap_b" }, { capabilityId: "cap_c" }],
    });
    const report = (capabilityId: string) => reportListingAction(null, formData({ handle: agent.handle, capabilityId, reason: "broken" }));
    expect(await report("cap_a")).toMatchObject({ ok: true });
    expect(await report("cap_b")).toMatchObject({ ok: true });
    expect(await report("cap_c")).toEqual({ ok: false, message: "Too many reports in a short time; try again in 60 minutes." });
    expect(await db.report.count({ where: { reporterId: viewer.id } })).toBe(2);
  });
});

describe("Test now", () => {
  it("counts a publisher's requests across services, then refuses in words", async () => {
    const ask = (capabilityId: string) => testNowAction(null, formData({ handle: "@not-mine", capabilityId }));
    expect(await ask("cap_one")).toEqual({ ok: false, message: "No service cap_one of yours was found under @not-mine." });
    expect(await ask("cap_two")).toEqual({ ok: false, message: "No service cap_two of yours was found under @not-mine." });
    expect(await ask("cap_three")).toEqual({ ok: false, message: "Too many tests asked for in a short time; try again in 10 minutes." });
  });
});

describe("imports", () => {
  const agentJson = (handle: string) => JSON.stringify(minimalAgentFile({ agent: { handle, display_name: "Limited", purpose: "Shows the import limit." } }));

  it("imports twice, then refuses the third in words, keeping the pasted document and importing nothing", async () => {
    const handles = [uniqueHandle("rl"), uniqueHandle("rl"), uniqueHandle("rl")];
    importedHandles.push(...handles);
    const [a, b, c] = handles.map(agentJson);
    expect(await importAgentAction(null, formData({ text: a ?? "" }))).toMatchObject({ ok: true });
    expect(await importAgentAction(null, formData({ text: b ?? "" }))).toMatchObject({ ok: true });
    expect(await importAgentAction(null, formData({ text: c ?? "" }))).toEqual({
      ok: false,
      message: "Too many imports in a short time; nothing was imported. Try again in 60 minutes.",
      details: { errors: [], text: c },
    });
    expect(await db.agent.count({ where: { handle: { in: handles } } })).toBe(2);
  });
});

describe("editor saves and checks", () => {
  it("saves twice, then refuses the third in words and keeps the last saved text", async () => {
    const draft = await db.agentDraft.create({ data: { ownerId: viewer.id, source: "blank", text: "{}" }, select: { id: true } });
    expect(await saveDraftAction({ id: draft.id, text: '{"a": 1}' })).toMatchObject({ ok: true });
    expect(await saveDraftAction({ id: draft.id, text: '{"a": 2}' })).toMatchObject({ ok: true });
    expect(await saveDraftAction({ id: draft.id, text: '{"a": 3}' })).toEqual({
      ok: false,
      message: expect.stringMatching(/^Too many saves and checks in a short time; the draft was not saved\. Try again in (1 minute|[1-5]?\d seconds)\.$/),
    });
    expect((await db.agentDraft.findUniqueOrThrow({ where: { id: draft.id } })).text).toBe('{"a": 2}');
  });
});

describe("the public API", () => {
  const client = () => `198.18.${randomInt(256)}.${randomInt(256)}`;
  const get = (forwardedFor: string) => openApiGet(new Request("http://127.0.0.1:3000/api/v1/openapi.json", { headers: { "x-forwarded-for": forwardedFor } }));

  it("answers two requests from a client address, then 429 problem+json with Retry-After", async () => {
    const address = client();
    expect((await get(address)).status).toBe(200);
    expect((await get(address)).status).toBe(200);
    const refused = await get(address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // A page on another origin may read it.
    expect(refused.headers.get("access-control-expose-headers")).toContain("Retry-After");
    expect(await refused.json()).toEqual({
      type: "urn:explore:problem:too-many-requests",
      title: "Too many requests",
      status: 429,
      detail: `Too many requests from this address; try again in ${retryAfter} seconds.`,
      instance: "/api/v1/openapi.json",
    });
  });

  it("counts each client address apart, and ignores hops the client wrote before the trusted one", async () => {
    const address = client();
    await get(address);
    await get(address);
    expect((await get(`203.0.113.${randomInt(256)}, ${address}`)).status).toBe(429);
    expect((await get(client())).status).toBe(200);
  });

  it("counts the MCP Registry API's requests in the same limit", async () => {
    const address = client();
    const servers = () => registryServersGet(new Request("http://127.0.0.1:3000/v0.1/servers?limit=1", { headers: { "x-forwarded-for": address } }));
    expect((await get(address)).status).toBe(200);
    expect((await servers()).status).toBe(200);
    const refused = await servers();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
