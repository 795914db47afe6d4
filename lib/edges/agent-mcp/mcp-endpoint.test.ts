import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { POST } from "@/app/mcp/route";
import { expectSeedSchemas, mcpClients, testAddress } from "@/lib/testing/agents-mcp";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { findDirectoryAgents } from "@/lib/model/catalog/agent-directory";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { db } from "@/lib/foundations/db/client";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { plantedWord } from "@/lib/testing/planted-word";
import { AGENT_MCP_TOOL_NAMES } from "@/lib/testing/agent-mcp-tool-names";

// The agents' MCP endpoint through the SDK's own client, its HTTP requests handed straight to the route handler
// (nothing listens, nothing leaves the process). Made-up words keep other tests' rows out of the answers.

const word = plantedWord("zq");
const handles: string[] = [];
const owners = new Map<string, Awaited<ReturnType<typeof createTestUser>>>();
// Its own rate-limit bucket: other suites' requests are not counted against it.
const address = testAddress(7);
const { connect, close } = mcpClients(address);

function capability(tool: string, fields: JsonObject): JsonObject {
  return {
    tool,
    name: `Service ${tool}`,
    summary: "Does one thing for the MCP tests.",
    category: "utilities.conversion",
    limitations: "Test rows only.",
    class: "read_only",
    ...fields,
  };
}

async function importAgent(handle: string, endpoint: string, capabilities: JsonObject[]) {
  const owner = await createTestUser();
  owners.set(handle, owner);
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
// Its only "education" service is not offered: the directory must not find it by that tag.
const unoffered = uniqueHandle("u");

/** A raw request to the route, as a client that is not the SDK's may send it. */
function post(body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  // A streamed body needs duplex "half", which Node's fetch takes and the DOM's RequestInit type does not name.
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-forwarded-for": address, ...headers },
  };
  return POST(new Request("http://127.0.0.1/mcp", init));
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

beforeAll(async () => {
  await importAgent(live, "https://mcp.example.test/mcp", [
    capability("miles", { name: `Miles ${word} converter` }),
    capability("doors", {
      name: `Doors ${word} opener`,
      class: "external_action",
      outside_action: "schedule",
      effects: { idempotency_argument: "request_id" },
    }),
    capability("tasting", { name: `${word} tasting notes`, content_rating: "mature", mature_reasons: ["alcohol"], tags: ["alcohol"] }),
  ]);
  await importAgent(unoffered, "https://mcp.example.test/mcp", [
    capability("quiz", { name: `Quiz ${word}`, tags: ["education"], offered: false }),
    capability("feet", { name: `Feet ${word} converter` }),
  ]);
  await importAgent(waiting, "${CONVERTER_URL}", [capability("grams", { name: `Grams ${word} converter` })]);
});

afterAll(async () => {
  await close();
  await db.capabilityRequest.deleteMany({ where: { title: { contains: word } } });
  await db.callerHandle.deleteMany({ where: { handle: { startsWith: word } } });
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

describe("/mcp for agents", () => {
  it("lists its twenty-four tools, each with an output schema but run_service, whose answer is the service's own", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...AGENT_MCP_TOOL_NAMES]);
    for (const tool of tools) expect(tool.outputSchema?.type, tool.name).toBe(tool.name === "run_service" ? undefined : "object");
  });

  it("finds services for a need in words, with next steps, and never an 18+ listing", async () => {
    const client = await connect();
    const found = await call(client, "find_services", { need: `I need a ${word} converter for my trip` });
    expect(found.isError).toBe(false);
    const services = found.structured.services as { name: string; availability: string }[];
    expect(services.map((s) => s.name).sort()).toEqual([
      `Doors ${word} opener`,
      `Feet ${word} converter`,
      `Grams ${word} converter`,
      `Miles ${word} converter`,
    ]);
    expect(JSON.stringify(found.structured)).not.toContain("tasting");
    expect((found.structured.agents as { handle: string }[]).map((a) => a.handle)).toContain(live);
    expect((found.structured.next_steps as string[]).join(" ")).toMatch(/Call get_service with \{"handle": "@/);
  });

  it("lists services with seed 004's availability labels and Explore's reasons, and filters by either", async () => {
    const client = await connect();
    const all = await call(client, "list_services", { query: word });
    const labels = Object.fromEntries(
      (all.structured.services as { name: string; availability: string; availability_detail: string }[]).map((s) => [
        s.name,
        [s.availability, s.availability_detail],
      ]),
    );
    expect(labels).toEqual({
      [`Miles ${word} converter`]: ["available", "available"],
      [`Feet ${word} converter`]: ["available", "available"],
      [`Doors ${word} opener`]: ["human_in_the_loop", "needs_confirmation"],
      [`Grams ${word} converter`]: ["planned", "waiting_for_adapter"],
    });
    expect(all.structured.more).toBe(false);
    const names = async (availability: string) =>
      ((await call(client, "list_services", { query: word, availability })).structured.services as { name: string }[]).map((s) => s.name);
    expect(await names("planned")).toEqual([`Grams ${word} converter`]);
    expect(await names("waiting_for_adapter")).toEqual([`Grams ${word} converter`]);
    expect(await names("human_in_the_loop")).toEqual([`Doors ${word} opener`]);
    expect((await names("Available")).sort()).toEqual([`Feet ${word} converter`, `Miles ${word} converter`]);
    const unknown = await call(client, "list_services", { query: word, availability: "soon" });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('availability: "soon" is not a label: use one of available, human_in_the_loop, on_request, planned, not_available');
  });

  it("takes seed 004's input schemas for listing services and for capability requests", async () => {
    await expectSeedSchemas(await connect(), {
      "List what this service can and cannot do today": "list_services",
      "Ask for a tool, capability or resource this service does not offer yet": "request_capability",
      "List public requests for missing capabilities": "list_capability_requests",
      "Add your vote to a capability request": "vote_capability_request",
    });
  });

  it("gives a service in full with how to call its adapter; an 18+ one does not exist", async () => {
    const client = await connect();
    const got = await call(client, "get_service", { handle: live, capability_id: "cap_miles" });
    expect(got.isError).toBe(false);
    const service = got.structured.service as { adapter: { endpoint: string; tool: string }; data: { declared: boolean }; plans: unknown[] };
    expect(service.adapter).toEqual({ endpoint: "https://mcp.example.test/mcp", tool: "miles", transport: "streamable_http" });
    expect((got.structured.next_steps as string[])[0]).toContain('tools/call of the tool "miles" at https://mcp.example.test/mcp');
    // The API's paths spell the handle without its @: so may a caller.
    const bare = await call(client, "get_service", { handle: live.slice(1), capability_id: "cap_miles" });
    expect(bare.isError).toBe(false);
    expect(bare.structured.service).toEqual(got.structured.service);
    const mature = await call(client, "get_service", { handle: live, capability_id: "cap_tasting" });
    expect(mature).toMatchObject({ isError: true });
    expect(mature.text).toContain("There is no service cap_tasting");
  });

  it("searches the agent directory by words", async () => {
    const client = await connect();
    const found = await call(client, "search_agents", { query: `converters ${word}` });
    expect((found.structured.agents as { handle: string; services: number }[]).map((a) => [a.handle, a.services]).sort()).toEqual(
      [
        [live, 2],
        [waiting, 1],
        [unoffered, 1],
      ].sort(),
    );
  });

  it("takes requests and votes: a handle is registered by its first use, and its token is needed after", async () => {
    const client = await connect();
    const handle = `${word}-nova`;
    const asked = await call(client, "request_capability", {
      title: `OCR ${word} for invoices`,
      description: "Scanned invoices in German.",
      tags: ["ocr"],
      handle,
    });
    expect(asked.isError).toBe(false);
    const token = asked.structured.handle_token as string;
    expect(token).toMatch(/^eht_/);
    const request = asked.structured.request as { id: string; votes: number; status: string; tags: string[] };
    expect(request).toMatchObject({ votes: 1, status: "open" });

    const impostor = await call(client, "request_capability", { title: `Another ${word}`, description: "x", handle: handle.toUpperCase() });
    expect(impostor).toMatchObject({ isError: true });
    expect(impostor.text).toContain("send its handle_token");

    const again = await call(client, "request_capability", {
      title: `OCR ${word} for receipts`,
      description: "Photos of receipts.",
      handle,
      handle_token: token,
    });
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
    expect((await call(client, "list_capability_requests", { query: word, status: "open" })).structured.requests).toHaveLength(2);
    expect((await call(client, "list_capability_requests", { query: word, status: "declined" })).structured.requests).toEqual([]);
    const unknown = await call(client, "list_capability_requests", { query: word, status: "closed" });
    expect(unknown.text).toContain('status: "closed" is not a status: use one of open, planned');
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

describe("/mcp's directory of agents", () => {
  it("never finds an agent by the tags of listings a signed-out visitor may not see (18+, not offered)", async () => {
    const client = await connect();
    const handlesFor = async (args: Record<string, unknown>) =>
      ((await call(client, "search_agents", { query: word, ...args })).structured.agents as { handle: string }[]).map((a) => a.handle);
    // The word is in every test agent's name: only the tag decides.
    expect(await handlesFor({ tag: "alcohol" })).toEqual([]);
    expect(await handlesFor({ tag: "education" })).toEqual([]);
    expect(await handlesFor({ query: `${word} alcohol` })).toEqual([]);
    expect(await handlesFor({ query: `${word} education` })).toEqual([]);
    expect((await handlesFor({ tag: "utilities" })).sort()).toEqual([live, waiting, unoffered].sort());
    const found = await call(client, "find_services", { need: `${word} education alcohol` });
    expect(found.structured.agents).toEqual([]);
  });

  it("is the visibility rule's for every viewer: the publisher finds their own 18+ listing's tag, nobody finds an unoffered one's", async () => {
    const publisher = owners.get(live);
    const quizOwner = owners.get(unoffered);
    if (!publisher || !quizOwner) throw new Error("the test agents' owners are missing");
    const byTag = async (viewer: typeof publisher | null, tag: string) =>
      (await findDirectoryAgents(viewer, { words: [word], tag, minMatched: 1, limit: 10, offset: 0 })).agents.map((a) => a.handle);
    expect(await byTag(publisher, "alcohol")).toEqual([live]);
    expect(await byTag(null, "alcohol")).toEqual([]);
    expect(await byTag(quizOwner, "education")).toEqual([]);
  });
});

describe("/mcp over HTTP", () => {
  const errorOf = async (response: Response) => z.object({ error: z.object({ code: z.number(), message: z.string() }) }).parse(await response.json()).error;

  it("refuses a request for a foreign Host or from a foreign Origin with 403 (DNS rebinding); agents sending no Origin are answered", async () => {
    const rebound = await post(initialize, { host: "evil.example", origin: "http://evil.example" });
    expect(rebound.status).toBe(403);
    expect((await errorOf(rebound)).message).toBe(
      "Explore's MCP endpoint does not answer for this Host or Origin: call it at Explore's own address; web pages of other sites may not call it.",
    );
    expect((await post(initialize, { host: "evil.example" })).status).toBe(403);
    expect((await post(initialize, { host: "127.0.0.1:3000", origin: "http://evil.example" })).status).toBe(403);
    expect((await post(initialize, { host: "127.0.0.1:3000" })).status).toBe(200);
    expect((await post(initialize, { host: "localhost:3000", origin: "http://localhost:6274" })).status).toBe(200);
  });

  it("reads a body that declares no length only up to 2 MB: a 3 MB chunked request is a 413 in words", async () => {
    const total = 3 * 1024 * 1024;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        // A valid message padded with spaces: read whole, it would be answered.
        const chunk = sent === 0 ? new TextEncoder().encode(initialize) : new Uint8Array(Math.min(64 * 1024, total - sent)).fill(32);
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const answer = await post(stream);
    expect(answer.status).toBe(413);
    expect((await errorOf(answer)).message).toBe("The request is more than 2.0 MB; Explore accepts at most 2.0 MB. Nothing was saved.");
    expect(sent).toBeLessThan(total);
  });

  it("refuses a JSON-RPC batch in words rather than answering many calls for one count", async () => {
    const batch = Array.from({ length: 100 }, (_, i) => ({
      jsonrpc: "2.0",
      id: i + 1,
      method: "tools/call",
      params: { name: "list_services", arguments: { query: word } },
    }));
    const answer = await post(JSON.stringify(batch), { "mcp-protocol-version": "2025-06-18" });
    expect(answer.status).toBe(400);
    expect(await errorOf(answer)).toEqual({
      code: -32600,
      message: "Explore's MCP endpoint takes one JSON-RPC message per request (MCP has no batches since 2025-06-18): send each call on its own.",
    });
  });

  it("answers structured content also as JSON text, announces no listChanged, and answers an unknown tool with a JSON-RPC error", async () => {
    const client = await connect();
    expect(client.getServerCapabilities()?.tools).toEqual({});
    const result = await client.callTool({ name: "list_services", arguments: { query: word } });
    const texts = z.array(z.object({ type: z.literal("text"), text: z.string() })).parse(result.content);
    expect(texts).toHaveLength(2);
    expect(JSON.parse(texts[1]?.text ?? "")).toEqual(result.structuredContent);
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Explore has no tool named "no_such_tool"'),
    });
  });

  it("refuses a NUL character in words, never with the database's error text", async () => {
    const client = await connect();
    for (const [name, args] of [
      ["list_capability_requests", { query: "ocr\u0000" }],
      ["get_service", { handle: live, capability_id: "cap_\u0000" }],
      ["search_agents", { tag: "x\u0000" }],
      ["list_services", { tag: "x\u0000" }],
      ["find_services", { need: "convert\u0000 miles" }],
    ] as const) {
      const answer = await call(client, name, args);
      expect(answer.isError, name).toBe(true);
      expect(answer.text, name).toContain("must not contain a NUL character (U+0000)");
      expect(answer.text, name).not.toMatch(/prisma|invocation|22021/i);
    }
  });
});

describe("list_services by availability, past the first hits", () => {
  const pageWord = plantedWord("zp");
  const bulk = uniqueHandle("b");
  const late = uniqueHandle("l");

  beforeAll(async () => {
    // The one waiting for its adapter has the word in its summary only, so the 101 others, named by it, rank first.
    await importAgent(late, "${CONVERTER_URL}", [capability("late", { name: "Late converter", summary: `Converts ${pageWord} units late.` })]);
    await importAgent(
      bulk,
      "https://mcp.example.test/mcp",
      Array.from({ length: 101 }, (_, i) => capability(`bulk${i}`, { name: `Bulk ${pageWord} ${i}` })),
    );
  }, 60_000);

  it("filters before it stops at 50: a label carried only past the first 100 hits is found, and more says there are more", async () => {
    const client = await connect();
    const waitingOnly = await call(client, "list_services", { query: pageWord, availability: "planned" });
    expect((waitingOnly.structured.services as { name: string }[]).map((s) => s.name)).toEqual(["Late converter"]);
    expect(waitingOnly.structured.more).toBe(false);
    const available = await call(client, "list_services", { query: pageWord, availability: "available" });
    expect((available.structured.services as unknown[]).length).toBe(50);
    expect(available.structured.more).toBe(true);
    expect(available.text).toContain("More match: narrow with query, category, tag or availability");
  });
});
