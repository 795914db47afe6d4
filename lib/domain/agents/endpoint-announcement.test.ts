import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { minimalAgentFile, minimalCapability } from "@/lib/model/agent-file/fixtures";
import { getRunPanel } from "@/lib/domain/runs/queries";
import { startMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { PUT } from "@/app/api/v1/agents/[handle]/endpoint/route";
import { runAnnounce } from "@/lib/edges/cli/announce-command";
import { fakeCliIo } from "@/lib/testing/cli-io";
import { chunkedRequest } from "@/lib/testing/chunked-request";
import { MAX_BODY_BYTES } from "@/lib/foundations/http/body-limit";
import { announceEndpoint, newAdapterToken } from "./endpoint-announcement";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";

// An adapter announcing its endpoint (DESIGN.md rule 2), against a real MCP server on loopback.

let server: TestServer;
let guarded: GuardedFetch;
let publisher: Viewer;
const handles: string[] = [];

beforeAll(async () => {
  server = await startMcpServer();
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
  publisher = await createTestUser();
});

afterAll(async () => {
  await closeAdapterClients();
  await guarded.close();
  await server.close();
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

async function waitingAgent(endpoint = "${ECHO_ENDPOINT}", tool = "echo") {
  const handle = uniqueHandle("ann");
  handles.push(handle);
  const text = JSON.stringify(
    minimalAgentFile({
      agent: { handle, display_name: "Echoes", purpose: "Echoes text back." },
      adapter: { endpoint },
      capabilities: [minimalCapability({ tool, input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } })],
    }),
  );
  const imported = await importAgentFile({ text, ownerId: publisher.id, publish: true });
  if (!imported.ok) throw new Error(JSON.stringify(imported));
  const agent = await db.agent.findUniqueOrThrow({ where: { handle }, select: { id: true, capabilities: { select: { capabilityId: true } } } });
  const { token, sha256 } = newAdapterToken();
  const made = await db.adapterToken.create({ data: { agentId: agent.id, tokenSha256: sha256, label: "test" } });
  return { handle, id: agent.id, token, tokenId: made.id, text, capabilityId: agent.capabilities[0]?.capabilityId ?? "" };
}

// A client address of this file's own, so the API's rate limit (counted per address, in the shared database)
// is not spent by other files' requests.
const CLIENT = { "x-forwarded-for": `198.51.100.${1 + Math.floor(Math.random() * 250)}` };

const announce = (handle: string, token: string | null, body: unknown) =>
  announceEndpoint(handle, token === null ? null : `Bearer ${token}`, body, { fetch: guarded });

describe("announcing an adapter's endpoint", () => {
  it("checks the endpoint, then makes the waiting listings runnable, and a re-import with the same placeholder keeps it", async () => {
    const agent = await waitingAgent();
    const viewer = await createTestUser();
    expect((await getRunPanel(viewer, agent.handle, agent.capabilityId))?.notRunnable).toEqual({ reason: "endpoint_pending" });

    const answer = await announce(agent.handle, agent.token, { endpoint: server.url });
    expect(answer).toMatchObject({ status: 200, endpoint: server.url });
    expect(answer.status === 200 ? answer.tools : []).toContain("echo");
    const stored = await db.agent.findUniqueOrThrow({ where: { id: agent.id } });
    expect(stored).toMatchObject({ endpoint: server.url, endpointPending: false, announcedFor: "${ECHO_ENDPOINT}" });
    expect((await db.adapterToken.findUniqueOrThrow({ where: { id: agent.tokenId } })).lastUsedAt).not.toBeNull();
    expect((await getRunPanel(viewer, agent.handle, agent.capabilityId))?.notRunnable).toBeNull();
    // The agent.json as published keeps the placeholder as written.
    expect(JSON.stringify(stored.document)).toContain("${ECHO_ENDPOINT}");

    expect((await importAgentFile({ text: agent.text, ownerId: publisher.id })).ok).toBe(true);
    expect(await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ endpoint: server.url, endpointPending: false });
    const moved = agent.text.replace("${ECHO_ENDPOINT}", "${OTHER_ENDPOINT}");
    expect((await importAgentFile({ text: moved, ownerId: publisher.id })).ok).toBe(true);
    expect(await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({
      endpoint: "${OTHER_ENDPOINT}",
      endpointPending: true,
      announcedEndpoint: null,
    });
  });

  it("refuses without a live token of this agent, in one answer that does not tell agents apart", async () => {
    const agent = await waitingAgent();
    const other = await waitingAgent();
    expect(await announce(agent.handle, null, { endpoint: server.url })).toMatchObject({ status: 401 });
    expect(await announce(agent.handle, "eat_wrong", { endpoint: server.url })).toMatchObject({ status: 401 });
    const foreign = await announce(agent.handle, other.token, { endpoint: server.url });
    const unknown = await announce("@no-such-agent-ann", agent.token, { endpoint: server.url });
    expect(foreign).toEqual(unknown);
    await db.adapterToken.update({ where: { id: agent.tokenId }, data: { revokedAt: new Date() } });
    expect(await announce(agent.handle, agent.token, { endpoint: server.url })).toMatchObject({ status: 401 });
    expect(await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ endpointPending: true });
  });

  it("refuses an endpoint that does not offer the agent's tools, one that does not answer, and a bad body", async () => {
    const agent = await waitingAgent("${ECHO_ENDPOINT}", "no_such_tool");
    const missing = await announce(agent.handle, agent.token, { endpoint: server.url });
    expect(missing).toEqual({ status: 422, message: 'The endpoint does not offer "no_such_tool", which this agent\'s services call.' });
    const dead = await announce(agent.handle, agent.token, { endpoint: "http://127.0.0.1:9/mcp" });
    expect(dead).toMatchObject({ status: 422 });
    expect(dead.status === 422 ? dead.message : "").toMatch(/^The endpoint did not answer initialize and tools\/list: /);
    expect(await announce(agent.handle, agent.token, { endpoint: "ftp://x" })).toMatchObject({ status: 400 });
    expect(await announce(agent.handle, agent.token, {})).toMatchObject({ status: 400, message: expect.stringMatching(/^endpoint: /) });
    expect(await db.agent.findUniqueOrThrow({ where: { id: agent.id } })).toMatchObject({ endpointPending: true, announcedEndpoint: null });
  });

  it("refuses an agent whose agent.json names its endpoint itself", async () => {
    const agent = await waitingAgent("https://mcp.example.com/ekl");
    expect(await announce(agent.handle, agent.token, { endpoint: server.url })).toMatchObject({ status: 409 });
  });

  it("answers as problem details through the route", async () => {
    const agent = await waitingAgent();
    const call = (headers: Record<string, string>, body: string) =>
      PUT(new Request(`http://127.0.0.1/api/v1/agents/${agent.handle}/endpoint`, { method: "PUT", headers: { ...CLIENT, ...headers }, body }), {
        params: Promise.resolve({ handle: agent.handle }),
      });
    const unauthorised = await call({ "content-type": "application/json" }, JSON.stringify({ endpoint: server.url }));
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(unauthorised.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const notJson = await call({ authorization: `Bearer ${agent.token}` }, "{not json");
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { detail: string }).detail).toContain('{"endpoint": "https://…"}');
  });

  it("refuses a body over the limit that declares no length with 413 in words, without reading it all", async () => {
    const agent = await waitingAgent();
    const sent = chunkedRequest(`http://127.0.0.1/api/v1/agents/${agent.handle}/endpoint`, 3 * 1024 * 1024, {
      method: "PUT",
      headers: { ...CLIENT, authorization: `Bearer ${agent.token}` },
    });
    const response = await PUT(sent.request, { params: Promise.resolve({ handle: agent.handle }) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 413, detail: expect.stringContaining("Explore accepts at most 2.0 MB") });
    expect(sent.pulled()).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 64 * 1024);
  });

  it("explore announce sends the token and the endpoint, and prints Explore's refusal", async () => {
    const agent = await waitingAgent();
    const toRoute: typeof fetch = async (input, init) => {
      const request = new Request(String(input), init);
      request.headers.set("x-forwarded-for", CLIENT["x-forwarded-for"]);
      return PUT(request, { params: Promise.resolve({ handle: agent.handle.slice(1) }) });
    };
    const wrong = fakeCliIo({});
    expect(await runAnnounce(["--agent", agent.handle, "--endpoint", server.url, "--token", "eat_wrong"], wrong.io, toRoute)).toBe(1);
    expect(wrong.stderr()).toBe("explore announce: 401 This token is not a live adapter token of this agent.\n");
    // The token is accepted; this server's guarded fetch (no loopback outside the demo) then refuses the address.
    const right = fakeCliIo({});
    expect(await runAnnounce(["--agent", agent.handle, "--endpoint", server.url, "--token", agent.token], right.io, toRoute)).toBe(1);
    expect(right.stderr()).toMatch(/^explore announce: 422 The endpoint did not answer initialize and tools\/list: /);
    const usage = fakeCliIo({});
    expect(await runAnnounce(["--agent", agent.handle], usage.io, toRoute)).toBe(2);
    expect(usage.stderr()).toContain("give --agent, --endpoint and a token");
  });
});
