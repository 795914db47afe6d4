import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Connecting real servers through Explore's own guarded fetch (loopback allowed, as in development): the MCP
// reference server as a child process, a demo adapter, and the SDK's server behind a required header.
vi.hoisted(() => vi.stubEnv("EXPLORE_ALLOW_LOOPBACK_ADAPTERS", "1"));

import { parseAgentFile } from "@/lib/model/agent-file";
import { isJsonObject } from "@/lib/model/agent-file/schema";
import { createGuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { startDemoAdapters, type DemoAdapters } from "@/demo/adapters/server";
import { startEverythingServer, type EverythingServer } from "@/lib/testing/everything-server";
import { startMcpServer, startRawHttpServer, startRawMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import { connectMcpServer, type ConnectedServer } from "./connect-mcp";
import { MAX_CONNECTED_TOOLS } from "./connected-tools";
import { diffTools } from "./diff-tools";
import { draftFromTools } from "./draft-from-tools";

let everything: EverythingServer;
let demo: DemoAdapters;
const servers: TestServer[] = [];

beforeAll(async () => {
  [everything, demo] = await Promise.all([startEverythingServer(), startDemoAdapters({ port: 0 })]);
}, 30_000);
afterAll(async () => {
  await Promise.all([everything.stop(), demo.close(), ...servers.map((s) => s.close())]);
});

async function connected(url: string, header?: { name: string; value: string }): Promise<ConnectedServer> {
  const outcome = await connectMcpServer({ url, header });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

function capability(document: unknown, tool: string) {
  const list = isJsonObject(document) && Array.isArray(document.capabilities) ? document.capabilities : [];
  return list.find((c) => isJsonObject(c) && c.tool === tool);
}

describe("connecting the MCP reference server (server-everything)", () => {
  it("lists its tools and drafts one capability per tool, classed from the annotations", async () => {
    const server = await connected(everything.url);
    expect(server.serverInfo).toMatchObject({ name: "mcp-servers/everything", title: "Everything Reference Server" });
    const { document, toComplete, suggestions } = draftFromTools(server.tools, { endpoint: server.endpoint, serverInfo: server.serverInfo });
    expect(Array.isArray(document.capabilities) && document.capabilities.length).toBe(server.tools.length);
    // Some of its tools change its state: never drafted storage-free, and that is a suggestion to confirm.
    expect(document.execution_mode).toBe("durable");
    expect(suggestions).toContainEqual({ path: "/execution_mode", value: "durable", why: expect.stringContaining("may change what the server keeps") });
    expect(capability(document, "get-sum")).toMatchObject({
      capability_id: "cap_get_sum",
      name: "Get Sum Tool",
      class: "read_only",
      summary: "Returns the sum of two numbers",
    });
    // readOnlyHint false, openWorldHint true.
    expect(capability(document, "gzip-file-as-resource")).toMatchObject({ class: "external_action", offered: false, needs_confirmation: true });
    // Neither destructive nor open-world, but not read-only: it changes the server's state, so never a transformation.
    expect(capability(document, "toggle-simulated-logging")).toMatchObject({ class: "external_action", offered: false, needs_confirmation: true });
    expect(capability(document, "get-structured-content")).toMatchObject({ output_schema: expect.objectContaining({ type: "object" }) });
    expect(toComplete).toContainEqual({ path: expect.stringMatching(/^\/capabilities\/\d+\/output_schema$/), why: expect.any(String) });
    // Examples only from the schema's defaults: a tool whose required input has none gets no example.
    expect(capability(document, "get-resource-links")).toMatchObject({ example: { input: { count: 3 }, origin: "schema" } });
    expect(capability(document, "trigger-long-running-operation")).toMatchObject({ example: { input: { duration: 10, steps: 5 } } });
    expect(capability(document, "echo")).not.toHaveProperty("example");
    const parsed = parseAgentFile(JSON.stringify(document));
    expect(new Set(parsed.ok ? [] : parsed.errors.map((e) => e.path))).toEqual(new Set(toComplete.map((t) => t.path)));
  });
});

describe("connecting a demo adapter", () => {
  it("classes the reminders' tools from their annotations, and shows nothing changed against its own agent.json", async () => {
    const server = await connected(`${demo.url}/reminders/mcp`);
    const { document } = draftFromTools(server.tools, { endpoint: server.endpoint, serverInfo: server.serverInfo });
    // Its name suggests what it does outside; a suggestion the editor asks the publisher to confirm.
    expect(capability(document, "send_reminder")).toMatchObject({
      class: "external_action",
      offered: false,
      needs_confirmation: true,
      outside_action: "send_messages",
    });
    expect(capability(document, "cancel_reminder")).toMatchObject({ class: "external_action" });

    const ownFile: unknown = JSON.parse(readFileSync("demo/agents/nudge-reminders.json", "utf8"));
    if (!isJsonObject(ownFile)) throw new Error("fixture");
    const diff = diffTools(ownFile, server.tools);
    expect(diff.removed).toEqual([]);
    expect(diff.added).toEqual(expect.arrayContaining(["cancel_reminder", "reminder_outcome"]));
    // Its summary is the publisher's own words; the schemas and the class match the adapter.
    expect(diff.changed.flatMap((c) => c.changes.map((x) => x.field))).not.toContain("input_schema");
    expect(diff.changed.flatMap((c) => c.changes.map((x) => x.field))).not.toContain("annotations");
  });
});

describe("the header", () => {
  const header = { name: "X-Api-Key", value: "sk-test-4b1d3c0ffee5ecret" };

  it("is sent with every request of the call, and is in nothing that comes back", async () => {
    const guarded = await startMcpServer({ requireHeader: header });
    servers.push(guarded);
    const refused = await connectMcpServer({ url: guarded.url });
    expect(refused).toEqual({
      ok: false,
      message: "Explore could not list the tools at " + new URL(guarded.url).host + ". The adapter refused Explore's request (HTTP 401).",
    });

    const before = guarded.requestHeaders.length;
    const server = await connected(guarded.url, header);
    const sent = guarded.requestHeaders.slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const headers of sent) expect(headers["x-api-key"]).toBe(header.value);
    const draft = draftFromTools(server.tools, { endpoint: server.endpoint, serverInfo: server.serverInfo });
    expect(JSON.stringify({ server, draft })).not.toContain(header.value);
  });

  it("is not kept: the next call without it goes without it", async () => {
    const guarded = await startMcpServer({ requireHeader: header });
    servers.push(guarded);
    await connected(guarded.url, header);
    const before = guarded.requestHeaders.length;
    expect(await connectMcpServer({ url: guarded.url })).toMatchObject({ ok: false });
    for (const headers of guarded.requestHeaders.slice(before)) expect(headers).not.toHaveProperty("x-api-key");
  });

  it("is never quoted back, even by a server that echoes it", async () => {
    const echo = await startRawMcpServer((res, id) => {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(
          JSON.stringify({ jsonrpc: "2.0", id, result: { tools: [{ name: "leak", description: `key ${header.value}`, inputSchema: { type: "object" } }] } }),
        );
    });
    servers.push(echo);
    const outcome = await connectMcpServer({ url: echo.url, header });
    expect(outcome).toMatchObject({ ok: false, message: expect.stringContaining("quotes the header's value") });
    expect(JSON.stringify(outcome)).not.toContain(header.value);
  });
});

describe("pages and bounds", () => {
  it("follows nextCursor and stops at MAX_CONNECTED_TOOLS", async () => {
    let pages = 0;
    const many = await startRawMcpServer((res, id) => {
      pages += 1;
      const tools = Array.from({ length: 60 }, (_, i) => ({ name: `t${pages}_${i}`, inputSchema: { type: "object" } }));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result: { tools, nextCursor: `p${pages}` } }));
    });
    servers.push(many);
    const server = await connected(many.url);
    expect(server.tools).toHaveLength(MAX_CONNECTED_TOOLS);
    expect(server.truncated).toBe(true);
    expect(pages).toBe(Math.ceil(MAX_CONNECTED_TOOLS / 60));
  });
});

describe("failures, in words", () => {
  it("a URL that is not an MCP server", async () => {
    const web = await startRawHttpServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>hello</html>"));
    servers.push(web);
    expect(await connectMcpServer({ url: web.url })).toEqual({
      ok: false,
      message: expect.stringContaining("does not answer as an MCP server over Streamable HTTP"),
    });
  });

  it("an address the guard refuses", async () => {
    expect(await connectMcpServer({ url: "http://169.254.169.254/mcp" })).toEqual({
      ok: false,
      message: expect.stringMatching(/^Explore could not list the tools at 169\.254\.169\.254\. Explore does not call 169\.254\.169\.254: .*link-local/u),
    });
    // Without the development switch, loopback is refused too.
    const strict = createGuardedFetch({ allowLoopback: false, requireHttps: true, maxResponseBytes: 1_000_000 });
    const refused = await connectMcpServer({ url: everything.url.replace("http:", "https:") }, { fetch: strict });
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("Explore does not call") });
    await strict.close();
  });

  it("a server that is not there", async () => {
    const gone = await startMcpServer();
    await gone.close();
    expect(await connectMcpServer({ url: gone.url })).toEqual({ ok: false, message: expect.stringContaining("it is unreachable") });
  });

  it("a tool list Explore cannot use", async () => {
    const bad = await startRawMcpServer((res, id) => {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result: { tools: [{ name: "x" }] } }));
    });
    servers.push(bad);
    expect(await connectMcpServer({ url: bad.url })).toMatchObject({ ok: false, message: expect.stringContaining("not") });
  });
});
