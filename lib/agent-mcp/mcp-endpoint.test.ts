import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST } from "@/app/mcp/route";
import { importAgentFile } from "@/lib/agents/import-agent";
import type { JsonObject } from "@/lib/agent-file/types";
import { db } from "@/lib/db";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { plantedWord } from "@/lib/testing/planted-word";

// The agents' MCP endpoint through the SDK's own client, its HTTP requests handed straight to the route handler
// (nothing listens, nothing leaves the process). Made-up words keep other tests' rows out of the answers.

const word = plantedWord("zq");
const handles: string[] = [];
const clients: Client[] = [];
// Its own rate-limit bucket: other suites' requests are not counted against it.
const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

async function connect(): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("http://explore.test/mcp"), {
    fetch: (url, init) => POST(new Request(url, init)),
    requestInit: { headers: { "x-forwarded-for": address } },
  });
  const client = new Client({ name: "explore-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

function capability(tool: string, fields: JsonObject): JsonObject {
  return { tool, name: `Service ${tool}`, summary: "Does one thing for the MCP tests.", category: "utilities.conversion", limitations: "Test rows only.", class: "read_only", ...fields };
}

async function importAgent(handle: string, endpoint: string, capabilities: JsonObject[]) {
  const owner = await createTestUser();
  handles.push(handle);
  const text = JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle, display_name: `Converters ${word}`, purpose: "Converts units for the MCP tests.", languages: ["en"] },
    adapter: { endpoint },
    capabilities,
  });
  const result = await importAgentFile({ text, ownerId: owner.id, publish: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
}

type Structured = Record<string, unknown> & { [key: string]: unknown };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; structured: Structured; text: string }> {
  const result = await client.callTool({ name, arguments: args });
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content.map((c: { type: string; text?: string }) => (c.type === "text" ? (c.text ?? "") : "")).join(" ");
  return { isError: result.isError === true, structured: (result.structuredContent ?? {}) as Structured, text };
}

const live = uniqueHandle("m");
const waiting = uniqueHandle("w");

beforeAll(async () => {
  await importAgent(live, "https://mcp.example.test/mcp", [
    capability("miles", { name: `Miles ${word} converter` }),
    capability("tasting", { name: `${word} tasting notes`, content_rating: "mature", mature_reasons: ["alcohol"] }),
  ]);
  await importAgent(waiting, "${CONVERTER_URL}", [capability("grams", { name: `Grams ${word} converter` })]);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await db.capabilityRequest.deleteMany({ where: { title: { contains: word } } });
  await db.callerHandle.deleteMany({ where: { handle: { startsWith: word } } });
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

describe("/mcp for agents", () => {
  it("lists its seven tools, each with an output schema", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "find_services",
      "get_service",
      "list_capability_requests",
      "list_services",
      "request_capability",
      "search_agents",
      "vote_capability_request",
    ]);
    for (const tool of tools) expect(tool.outputSchema?.type, tool.name).toBe("object");
  });

  it("finds services for a need in words, with next steps, and never an 18+ listing", async () => {
    const client = await connect();
    const found = await call(client, "find_services", { need: `I need a ${word} converter for my trip` });
    expect(found.isError).toBe(false);
    const services = found.structured.services as { name: string; availability: string }[];
    expect(services.map((s) => s.name).sort()).toEqual([`Grams ${word} converter`, `Miles ${word} converter`]);
    expect(JSON.stringify(found.structured)).not.toContain("tasting");
    expect((found.structured.agents as { handle: string }[]).map((a) => a.handle)).toContain(live);
    expect((found.structured.next_steps as string[]).join(" ")).toMatch(/Call get_service with \{"handle": "@/);
  });

  it("lists services with honest availability labels, and filters by them", async () => {
    const client = await connect();
    const all = await call(client, "list_services", { query: word });
    const labels = Object.fromEntries((all.structured.services as { name: string; availability: string }[]).map((s) => [s.name, s.availability]));
    expect(labels).toEqual({ [`Miles ${word} converter`]: "available", [`Grams ${word} converter`]: "waiting_for_adapter" });
    const waitingOnly = await call(client, "list_services", { query: word, availability: "waiting_for_adapter" });
    expect((waitingOnly.structured.services as { name: string }[]).map((s) => s.name)).toEqual([`Grams ${word} converter`]);
  });

  it("gives a service in full with how to call its adapter; an 18+ one does not exist", async () => {
    const client = await connect();
    const got = await call(client, "get_service", { handle: live, capability_id: "cap_miles" });
    expect(got.isError).toBe(false);
    const service = got.structured.service as { adapter: { endpoint: string; tool: string }; data: { declared: boolean }; plans: unknown[] };
    expect(service.adapter).toEqual({ endpoint: "https://mcp.example.test/mcp", tool: "miles", transport: "streamable_http" });
    expect((got.structured.next_steps as string[])[0]).toContain('tools/call of the tool "miles" at https://mcp.example.test/mcp');
    const mature = await call(client, "get_service", { handle: live, capability_id: "cap_tasting" });
    expect(mature).toMatchObject({ isError: true });
    expect(mature.text).toContain("There is no service cap_tasting");
  });

  it("searches the agent directory by words", async () => {
    const client = await connect();
    const found = await call(client, "search_agents", { query: `converters ${word}` });
    expect((found.structured.agents as { handle: string; services: number }[]).map((a) => [a.handle, a.services]).sort()).toEqual(
      [[live, 1], [waiting, 1]].sort(),
    );
  });

  it("takes requests and votes: a handle is registered by its first use, and its token is needed after", async () => {
    const client = await connect();
    const handle = `${word}-nova`;
    const asked = await call(client, "request_capability", { title: `OCR ${word} for invoices`, description: "Scanned invoices in German.", tags: ["ocr"], handle });
    expect(asked.isError).toBe(false);
    const token = asked.structured.handle_token as string;
    expect(token).toMatch(/^eht_/);
    const request = asked.structured.request as { id: string; votes: number; status: string; tags: string[] };
    expect(request).toMatchObject({ votes: 1, status: "open" });

    const impostor = await call(client, "request_capability", { title: `Another ${word}`, description: "x", handle: handle.toUpperCase() });
    expect(impostor).toMatchObject({ isError: true });
    expect(impostor.text).toContain("send its handle_token");

    const again = await call(client, "request_capability", { title: `OCR ${word} for receipts`, description: "Photos of receipts.", handle, handle_token: token });
    expect(again.structured.handle_token).toBeNull();
    expect((again.structured.similar as { id: string }[]).map((r) => r.id)).toContain(request.id);

    const voter = `${word}-orion`;
    const vote = await call(client, "vote_capability_request", { id: request.id, handle: voter });
    expect(vote.structured).toMatchObject({ votes: 2, voted: true });
    const voterToken = vote.structured.handle_token as string;
    const twice = await call(client, "vote_capability_request", { id: request.id, handle: voter, handle_token: voterToken });
    expect(twice.structured).toMatchObject({ votes: 2, voted: true, handle_token: null });
    const wrong = await call(client, "vote_capability_request", { id: request.id, handle: voter, handle_token: "eht_wrong", withdraw: true });
    expect(wrong.text).toContain("does not belong");
    const withdrawn = await call(client, "vote_capability_request", { id: request.id, handle: voter, handle_token: voterToken, withdraw: true });
    expect(withdrawn.structured).toMatchObject({ votes: 1, voted: false });

    await call(client, "vote_capability_request", { id: request.id, handle: voter, handle_token: voterToken });
    const byVotes = await call(client, "list_capability_requests", { query: word, sort: "votes" });
    expect((byVotes.structured.requests as { id: string; votes: number }[]).map((r) => r.votes)).toEqual([2, 1]);
    expect((byVotes.structured.requests as { id: string }[])[0]?.id).toBe(request.id);
    const newest = await call(client, "list_capability_requests", { query: word, sort: "new" });
    expect((newest.structured.requests as { id: string }[])[1]?.id).toBe(request.id);
  });

  it("refuses a request in words and stores nothing when a tag is not the network's, or a vote names no request", async () => {
    const client = await connect();
    const before = await db.capabilityRequest.count({ where: { title: { contains: word } } });
    const bad = await call(client, "request_capability", { title: `Bad ${word}`, description: "x", tags: ["zzzznotatag"], handle: `${word}-bad` });
    expect(bad).toMatchObject({ isError: true });
    expect(bad.text).toContain("“zzzznotatag” is not one of the network's tags");
    const vote = await call(client, "vote_capability_request", { id: "nope", handle: `${word}-ghost` });
    expect(vote.text).toContain("There is no capability request with that id.");
    expect(await db.capabilityRequest.count({ where: { title: { contains: word } } })).toBe(before);
    // The refused vote registered no handle either.
    expect(await db.callerHandle.count({ where: { handleKey: `${word}-ghost` } })).toBe(0);
    expect(await db.callerHandle.count({ where: { handleKey: `${word}-bad` } })).toBe(0);
  });
});
