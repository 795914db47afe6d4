import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role, TaskState, type Message, type Task } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import { isLegacyAgentCard, parseLegacyAgentCard } from "@a2a-js/sdk/compat/v0_3/client";
import { GET as getCard } from "@/app/api/v1/agents/[handle]/agent-card.json/route";
import { GET as getExploreCard } from "@/app/.well-known/agent-card.json/route";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { createGuardedFetch, type GuardedFetch } from "@/lib/domain/adapters/guarded-fetch";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { newApiToken } from "@/lib/domain/api-tokens/tokens";
import { a2aCardToAgentFile } from "@/lib/domain/formats/a2a-card/to-agent-file";
import { siteOrigin } from "@/lib/foundations/site/origin";
import { sha256Hex } from "@/lib/foundations/sha256";
import { NO_RULES } from "@/lib/domain/data-rules/rules";
import { startMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";
import { chunkedRequest } from "@/lib/testing/chunked-request";
import { cleanUpTestRows, createTestUser, uniqueHandle } from "@/lib/testing/fixtures";
import { a2a03Card, a2a10Card, undefinedSchemes } from "@/lib/testing/a2a-cards";
import { plantedWord } from "@/lib/testing/planted-word";
import { handleA2ARequest } from "./handle-request";

// The exported card and the A2A endpoint through the A2A SDK's own client and card resolver, over real
// loopback HTTP: a node:http server hands requests to the route handler and the endpoint, which runs services
// on a loopback MCP adapter through the guarded fetch.

const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.14`;
let adapter: TestServer;
let guarded: GuardedFetch;
let explore: Server;
let exploreUrl: string;
let owner: Viewer;
let token: string;
const handles: string[] = [];
const handle = uniqueHandle("a2a");
const kitchen = uniqueHandle("kitchen");
// Made-up words: the search finds them in this file's rows alone.
const word = plantedWord("zq");
const absent = plantedWord("zx");

function capability(tool: string, fields: JsonObject = {}): JsonObject {
  return {
    tool,
    capability_id: `cap_${tool.replace(/-/g, "_")}`,
    name: `Service ${tool}`,
    summary: "Does one thing for the A2A tests.",
    category: "utilities.conversion",
    limitations: "Test rows only.",
    class: "read_only",
    ...fields,
  };
}

async function importAgent(agentHandle: string, capabilities: JsonObject[], extra: JsonObject = {}) {
  const publisher = await createTestUser();
  handles.push(agentHandle);
  const text = JSON.stringify({
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle: agentHandle, display_name: "Adder", purpose: "Adds numbers for the A2A tests.", languages: ["en"], website: "https://adder.example.test" },
    adapter: { endpoint: adapter.url },
    capabilities,
    ...extra,
  });
  const result = await importAgentFile({ text, ownerId: publisher.id, publish: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
}

async function tokenFor(viewer: Viewer): Promise<string> {
  const made = newApiToken();
  await db.apiToken.create({ data: { userId: viewer.id, tokenSha256: made.sha256, label: "test agent" } });
  return made.token;
}

// The card names Explore's own origin; the test server stands in for it.
function toTestServer(url: string): string {
  return url.startsWith(siteOrigin()) ? `${exploreUrl}${url.slice(siteOrigin().length)}` : url;
}

function fetchAs(bearer: string | null): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    if (bearer) headers.set("authorization", `Bearer ${bearer}`);
    headers.set("x-forwarded-for", address);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return fetch(toTestServer(url), { ...init, headers });
  };
}

const cardPath = (h: string) => `/api/v1/agents/${h}/agent-card.json`;

async function clientAs(bearer: string | null, agentHandle = handle) {
  const resolver = new DefaultAgentCardResolver({ fetchImpl: fetchAs(null) });
  const card = await resolver.resolve(exploreUrl, cardPath(agentHandle));
  const factory = new ClientFactory({ transports: [new JsonRpcTransportFactory({ fetchImpl: fetchAs(bearer) })], cardResolver: resolver });
  return factory.createFromAgentCard(card);
}

function message(parts: Message["parts"]): Message {
  return { messageId: crypto.randomUUID(), contextId: "", taskId: "", role: Role.ROLE_USER, parts, metadata: undefined, extensions: [], referenceTaskIds: [] };
}

function dataMessage(value: unknown): Message {
  return message([{ content: { $case: "data", value }, metadata: undefined, filename: "", mediaType: "application/json" }]);
}

function textMessage(text: string): Message {
  return message([{ content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" }]);
}

/** A client of Explore's own endpoint, resolved from Explore's base URL alone (the default card path). */
async function exploreClient(bearer: string | null) {
  const resolver = new DefaultAgentCardResolver({ fetchImpl: fetchAs(null) });
  return new ClientFactory({ transports: [new JsonRpcTransportFactory({ fetchImpl: fetchAs(bearer) })], cardResolver: resolver }).createFromUrl(exploreUrl);
}

async function sendTo(client: Awaited<ReturnType<typeof exploreClient>>, sent: Message): Promise<Task> {
  const result = await client.sendMessage({ tenant: "", message: sent, configuration: undefined, metadata: undefined });
  if (!("status" in result)) throw new Error(`expected a task, got ${JSON.stringify(result)}`);
  return result;
}

type Found = { agent: string; skill: string; match: string; page: string; run: { endpoint: string; data: unknown } | null; not_over_a2a: string | null };

function matchesOf(task: Task): Found[] {
  const data = task.artifacts[0]?.parts.find((p) => p.content?.$case === "data")?.content;
  return data?.$case === "data" ? (data.value as { matches: Found[] }).matches : [];
}

async function send(bearer: string | null, value: unknown, agentHandle = handle): Promise<Task> {
  const client = await clientAs(bearer, agentHandle);
  const result = await client.sendMessage({ tenant: "", message: dataMessage(value), configuration: undefined, metadata: undefined });
  if (!("status" in result)) throw new Error(`expected a task, got ${JSON.stringify(result)}`);
  return result;
}

function statusText(task: Task): string {
  return (task.status?.message?.parts ?? []).map((p) => (p.content?.$case === "text" ? p.content.value : "")).join(" ");
}

beforeAll(async () => {
  adapter = await startMcpServer();
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 1_048_576 });
  explore = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", exploreUrl);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(url, { method: req.method, headers, ...(req.method === "POST" ? { body: Buffer.concat(chunks) } : {}) });
      const parts = url.pathname.split("/");
      const agentHandle = decodeURIComponent(parts[4] ?? "");
      const answer =
        url.pathname === "/.well-known/agent-card.json"
          ? getExploreCard(request)
          : url.pathname === "/a2a"
            ? handleA2ARequest(request, null, { fetch: guarded })
            : url.pathname.endsWith("/agent-card.json")
              ? getCard(request, { params: Promise.resolve({ handle: agentHandle }) })
              : handleA2ARequest(request, agentHandle, { fetch: guarded });
      void answer.then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => explore.listen(0, "127.0.0.1", resolve));
  exploreUrl = `http://127.0.0.1:${(explore.address() as AddressInfo).port}`;

  await importAgent(
    handle,
    [
      capability("add", {
        name: "Add two numbers",
        tags: ["math"],
        input_schema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
        example: { input: { a: 1, b: 2 }, problem: "What is 1 + 2?" },
      }),
      capability("echo", { name: "Echo (paid)", storage_free_accepted: true, plans: [{ type: "per_call", price_usd: 0.02 }] }),
      capability("whoami", { name: "Books a table", class: "external_action", outside_action: "schedule" }),
      capability("refuse-with", { name: "Tasting notes", content_rating: "mature", mature_reasons: ["alcohol"] }),
    ],
    { payment: { link: "https://pay.example.test/adder" } },
  );
  await importAgent(
    kitchen,
    [
      capability("add", {
        capability_id: "cap_scale",
        name: `Recipe ${word} scaler`,
        summary: `Convert a ${word} recipe to metric units.`,
        input_schema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] },
        example: { input: { a: 250, b: 4 }, problem: "Scale a recipe for four." },
      }),
      capability("echo", {
        capability_id: "cap_scale_paid",
        name: `Paid ${word} recipe scaler`,
        summary: `Convert a ${word} recipe to metric units, for a fee.`,
        storage_free_accepted: true,
        plans: [{ type: "per_call", price_usd: 0.02 }],
      }),
      capability("refuse-with", {
        capability_id: "cap_wine",
        name: `${word} wine pairing`,
        summary: `Pairs a wine with a ${word} recipe in metric units.`,
        content_rating: "mature",
        mature_reasons: ["alcohol"],
      }),
    ],
    { payment: { link: "https://pay.example.test/kitchen" } },
  );
  owner = await createTestUser();
  token = await tokenFor(owner);
});

afterAll(async () => {
  await closeAdapterClients();
  await guarded.close();
  await new Promise<void>((resolve) => explore.close(() => resolve()));
  await adapter.close();
  await db.agent.deleteMany({ where: { handle: { in: handles } } });
  await cleanUpTestRows();
});

describe("GET /api/v1/agents/{handle}/agent-card.json", () => {
  it("is a card the SDK's resolver reads, naming Explore's endpoint, without the 18+ service", async () => {
    const card = await new DefaultAgentCardResolver({ fetchImpl: fetchAs(null) }).resolve(exploreUrl, cardPath(handle));
    expect(card.name).toBe("Adder");
    expect(card.supportedInterfaces.map((i) => [i.url, i.protocolBinding, i.protocolVersion])).toEqual([
      [`${siteOrigin()}/api/v1/agents/${handle}/a2a`, "JSONRPC", "1.0"],
      [`${siteOrigin()}/api/v1/agents/${handle}/a2a`, "JSONRPC", "0.3"],
    ]);
    expect(card.skills.map((s) => s.id)).toEqual(["cap_add", "cap_echo", "cap_whoami"]);
    expect(card.skills[0]).toMatchObject({ name: "Add two numbers", description: "Does one thing for the A2A tests.", examples: ["What is 1 + 2?"] });
    expect(card.skills[1]?.description).toContain("Not answered over A2A: it is paid");
    expect(card.securitySchemes.explore_api_token?.scheme?.$case).toBe("httpAuthSecurityScheme");
    expect(card.securityRequirements).toEqual([{ schemes: { explore_api_token: { list: [] } } }]);
  });

  it("is cached like the other API reads, and 404 for an agent nobody may see", async () => {
    const response = await fetchAs(null)(`${exploreUrl}${cardPath(handle)}`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(response.headers.get("etag")).toMatch(/^".+"$/);
    expect(JSON.stringify(await response.json())).not.toContain("Tasting notes");
    const missing = await fetchAs(null)(`${exploreUrl}${cardPath(uniqueHandle("none"))}`);
    expect(missing.status).toBe(404);
  });
});

describe("message/send on Explore's A2A endpoint", () => {
  it("runs a free service through the run path and answers with an artifact", async () => {
    const task = await send(token, { skill: "cap_add", arguments: { a: 2, b: 3 } });
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const parts = task.artifacts[0]?.parts ?? [];
    expect(parts[0]?.content).toEqual({ $case: "data", value: { sum: 5 } });
    expect(parts[1]?.content).toEqual({ $case: "text", value: "5" });
    const record = await db.execution.findUniqueOrThrow({ where: { id: String(task.metadata?.executionId) } });
    expect(record).toMatchObject({ userId: owner.id, status: "succeeded", paid: false });
    const used = await db.apiToken.findFirstOrThrow({ where: { userId: owner.id } });
    expect(used.lastUsedAt).not.toBeNull();
  });

  it("speaks A2A 0.3 too: message/send without a version header", async () => {
    const response = await fetchAs(token)(`${exploreUrl}/api/v1/agents/${handle}/a2a`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "message/send",
        params: {
          message: {
            kind: "message",
            messageId: crypto.randomUUID(),
            role: "user",
            parts: [{ kind: "data", data: { skill: "cap_add", arguments: { a: 4, b: 4 } } }],
          },
        },
      }),
    });
    const body = (await response.json()) as {
      id: number;
      result: { kind: string; status: { state: string }; artifacts: { parts: { kind: string; data?: unknown }[] }[] };
    };
    expect(body.id).toBe(7);
    expect(body.result.kind).toBe("task");
    expect(body.result.status.state).toBe("completed");
    expect(body.result.artifacts[0]?.parts[0]).toEqual({ kind: "data", data: { sum: 8 } });
  });

  it("refuses a paid service and an external action, naming why, and records nothing", async () => {
    const before = await db.execution.count({ where: { userId: owner.id } });
    const paid = await send(token, { skill: "cap_echo", arguments: { text: "hi" } });
    expect(paid.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(statusText(paid)).toBe("Echo (paid) is not answered over A2A: it is paid, so it runs only from its page, where you agree to the price.");
    const external = await send(token, { skill: "cap_whoami" });
    expect(external.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(statusText(external)).toContain("it acts outside Explore (an external action)");
    expect(await db.execution.count({ where: { userId: owner.id } })).toBe(before);
  });

  it("applies the owner's 18+ setting and data rules", async () => {
    const hidden = await send(token, { skill: "cap_refuse_with" });
    expect(statusText(hidden)).toContain("has no service cap_refuse_with that this token's owner can see");
    const strict = await createTestUser();
    await db.user.update({ where: { id: strict.id }, data: { dataRules: { ...NO_RULES, inputsMaxDays: 0 } } });
    const refused = await send(await tokenFor(strict), { skill: "cap_add", arguments: { a: 1, b: 1 } });
    expect(refused.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(statusText(refused)).toContain("does not meet your data rules: Inputs not retained");
  });

  it("says what a message lacks", async () => {
    const task = await send(token, { arguments: {} });
    expect(statusText(task)).toBe('The data part skill is missing: send {"skill": "<capability ID>", "arguments": {…}}.');
    const wrong = await send(token, { skill: "cap_add", arguments: { a: "two" } });
    expect(wrong.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(statusText(wrong)).toContain("Some arguments are not valid");
  });

  it("refuses a body over its limit that declares no length with 413, without reading it all", async () => {
    const sent = chunkedRequest(`${exploreUrl}/api/v1/agents/${handle}/a2a`, 3 * 1024 * 1024, {
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });
    const response = await handleA2ARequest(sent.request, handle, { fetch: guarded });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600, message: expect.stringContaining("too large") } });
    expect(sent.pulled()).toBeLessThan(512 * 1024);
  });

  it("answers 401 in A2A's error shape without a live token", async () => {
    const post = (bearer: string | null) =>
      fetchAs(bearer)(`${exploreUrl}/api/v1/agents/${handle}/a2a`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: {} }),
      });
    const missing = await post(null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expect(await missing.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32000, message: expect.stringContaining("Unauthorized") } });

    const revoked = await tokenFor(owner);
    expect((await send(revoked, { skill: "cap_add", arguments: { a: 1, b: 2 } })).status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    await db.apiToken.update({ where: { tokenSha256: sha256Hex(revoked) }, data: { revokedAt: new Date() } });
    expect((await post(revoked)).status).toBe(401);
    await expect(send(revoked, { skill: "cap_add", arguments: { a: 1, b: 2 } })).rejects.toThrow();
  });
});

describe("the cards hold what the A2A version they are read in requires", () => {
  it("an agent's card, in 1.0's shape and in 0.3's, which the SDK reads to the same card", async () => {
    const read = (version: string | null) => fetchAs(null)(`${exploreUrl}${cardPath(handle)}`, { headers: version ? { "A2A-Version": version } : {} });
    const current = await read("1.0");
    expect(current.headers.get("vary")).toContain("A2A-Version");
    const currentJson = (await current.json()) as Record<string, unknown>;
    expect(a2a10Card.safeParse(currentJson).error?.issues ?? []).toEqual([]);
    expect(undefinedSchemes(currentJson)).toEqual([]);

    const legacyJson = (await (await read(null)).json()) as Record<string, unknown>;
    expect(a2a03Card.safeParse(legacyJson).error?.issues ?? []).toEqual([]);
    expect(undefinedSchemes(legacyJson)).toEqual([]);
    expect(legacyJson).toMatchObject({
      protocolVersion: "0.3",
      url: `${siteOrigin()}/api/v1/agents/${handle}/a2a`,
      preferredTransport: "JSONRPC",
      security: [{ explore_api_token: [] }],
    });
    expect(isLegacyAgentCard(legacyJson)).toBe(true);
    const resolved = await new DefaultAgentCardResolver({ fetchImpl: fetchAs(null) }).resolve(exploreUrl, cardPath(handle));
    const fromLegacy = parseLegacyAgentCard(legacyJson);
    expect({ ...fromLegacy, supportedInterfaces: [] }).toEqual({ ...resolved, supportedInterfaces: [] });
    expect(fromLegacy.supportedInterfaces).toEqual(resolved.supportedInterfaces.filter((i) => i.protocolVersion === "0.3"));
  });

  it("Explore's own card at /.well-known/agent-card.json: public, cached, any origin, one per version", async () => {
    const response = await fetchAs(null)(`${exploreUrl}/.well-known/agent-card.json`, { headers: { "A2A-Version": "1.0" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("vary")).toContain("A2A-Version");
    const json = (await response.json()) as Record<string, unknown>;
    expect(a2a10Card.safeParse(json).error?.issues ?? []).toEqual([]);
    const legacy = (await (await fetchAs(null)(`${exploreUrl}/.well-known/agent-card.json`)).json()) as Record<string, unknown>;
    expect(a2a03Card.safeParse(legacy).error?.issues ?? []).toEqual([]);
    expect(legacy.url).toBe(`${siteOrigin()}/a2a`);
  });
});

describe("a message in words", () => {
  it("is answered on Explore's endpoint, found from Explore's base URL alone, with the matching services and how to run each", async () => {
    const client = await exploreClient(null);
    const task = await sendTo(client, textMessage(`I need to convert a ${word} recipe to metric units`));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const found = matchesOf(task);
    // A signed-out visitor: the 18+ service is not among them.
    expect(found.map((f) => f.skill).sort()).toEqual(["cap_scale", "cap_scale_paid"]);
    const free = found.find((f) => f.skill === "cap_scale");
    expect(free).toMatchObject({
      agent: kitchen,
      match: "strong",
      page: `${siteOrigin()}/services/${kitchen}/cap_scale`,
      run: { endpoint: `${siteOrigin()}/a2a`, data: { agent: kitchen, skill: "cap_scale", arguments: { a: 250, b: 4 } } },
      not_over_a2a: null,
    });
    expect(found.find((f) => f.skill === "cap_scale_paid")).toMatchObject({ match: "strong", run: null, not_over_a2a: expect.stringContaining("it is paid") });
    const said = statusText(task);
    expect(said).toContain(`Recipe ${word} scaler (${kitchen}), a strong match`);
    expect(said).toContain(`send the data part {"agent":"${kitchen}","skill":"cap_scale","arguments":{"a":250,"b":4}}`);
    expect(said).toContain("Running one needs a personal API token");
  });

  it("says when the matches are weak, and when nothing matches", async () => {
    const client = await exploreClient(null);
    const weak = await sendTo(client, textMessage(`${word} ${absent}`));
    expect(weak.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(matchesOf(weak).map((f) => f.match)).toEqual(["weak", "weak"]);
    expect(statusText(weak)).toContain(`Only weak matches for “${word} ${absent}”: each shares only some of its words (none matches “${absent}”)`);
    expect(statusText(weak)).toContain(`a weak match (it shares only “${word}” with your words)`);

    const none = await sendTo(client, textMessage(`${absent} ${plantedWord("zv")}`));
    expect(none.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(matchesOf(none)).toEqual([]);
    expect(statusText(none)).toMatch(/^Nothing on Explore matches “.+”\. Try other words, or ask for it at .+\/requests/);
  });

  it("finds what the token's owner may see, and on an agent's endpoint among its services alone", async () => {
    const adult = await createTestUser();
    await db.user.update({ where: { id: adult.id }, data: { dateOfBirth: new Date("1980-01-01"), showMature: true } });
    const asAdult = await sendTo(await exploreClient(await tokenFor(adult)), textMessage(`${word} wine pairing`));
    expect(matchesOf(asAdult).map((f) => f.skill)).toContain("cap_wine");
    expect(statusText(asAdult)).not.toContain("Running one needs a personal API token");

    const onAdder = await sendTo(await clientAs(null), textMessage(`convert a ${word} recipe to metric units`));
    expect(onAdder.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(statusText(onAdder)).toContain(`${handle} has no service that matches`);
    const onKitchen = await sendTo(await clientAs(null, kitchen), textMessage(`convert a ${word} recipe to metric units`));
    // The data part it gives is for the endpoint asked.
    expect(matchesOf(onKitchen).find((f) => f.skill === "cap_scale")?.run?.endpoint).toBe(`${siteOrigin()}/api/v1/agents/${kitchen}/a2a`);
  });
});

describe("a data part on Explore's endpoint", () => {
  it("runs the agent's service it names, for the token's owner; without a token it is refused with 401", async () => {
    const client = await exploreClient(token);
    const task = await sendTo(client, dataMessage({ agent: kitchen, skill: "cap_scale", arguments: { a: 2, b: 3 } }));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts[0]?.parts[0]?.content).toEqual({ $case: "data", value: { sum: 5 } });
    const record = await db.execution.findUniqueOrThrow({ where: { id: String(task.metadata?.executionId) } });
    expect(record).toMatchObject({ userId: owner.id, status: "succeeded" });

    const missing = await sendTo(client, dataMessage({ skill: "cap_scale", arguments: { a: 2, b: 3 } }));
    expect(statusText(missing)).toBe('The data part agent is missing: send {"agent": "@handle", "skill": "<capability ID>", "arguments": {…}}.');
    await expect(sendTo(await exploreClient(null), dataMessage({ agent: kitchen, skill: "cap_scale", arguments: { a: 2, b: 3 } }))).rejects.toThrow();
    const elsewhere = await send(token, { agent: kitchen, skill: "cap_scale", arguments: { a: 2, b: 3 } });
    expect(statusText(elsewhere)).toContain(`This is ${handle}'s endpoint`);
  });
});

describe("round trip: card → import → export", () => {
  it("keeps what both formats hold", async () => {
    const roundHandle = uniqueHandle("rt");
    const card = {
      name: "Unit Converter",
      description: "Converts quantities between units of measure.",
      supportedInterfaces: [{ url: "https://units.example.org/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
      provider: { organization: "Unit Converter", url: "https://units.example.org" },
      version: "3.2.1",
      skills: [{ id: "cap_add", name: "Add two numbers", description: "Adds two numbers and says the sum.", tags: ["math"], examples: ["What is 2 + 2?"] }],
    };
    const draft = a2aCardToAgentFile(card);
    if (!draft.ok) throw new Error(JSON.stringify(draft.problems));
    const [first] = draft.agentFile.capabilities as JsonObject[];
    const completedFile = {
      ...draft.agentFile,
      agent: { ...(draft.agentFile.agent as JsonObject), handle: roundHandle },
      adapter: { endpoint: adapter.url },
      execution_mode: "storage_free",
      // The card states no data declaration: the draft leaves it null for the publisher to write.
      defaults: { data: { inputs: { retention: "none" }, results: { retention: "none" }, used_for_training: false } },
      capabilities: [{ ...first, tool: "add", class: "read_only", limitations: "Two numbers only." }],
    };
    handles.push(roundHandle);
    const publisher = await createTestUser();
    const imported = await importAgentFile({ text: JSON.stringify(completedFile), ownerId: publisher.id, publish: true });
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));

    const exported = await new DefaultAgentCardResolver({ fetchImpl: fetchAs(null) }).resolve(exploreUrl, cardPath(roundHandle));
    expect(exported).toMatchObject({ name: card.name, description: card.description, provider: card.provider, version: card.version });
    // Explore puts the category's tag first (DESIGN.md rule 8): the card's tags are all kept, behind it.
    expect(exported.skills.map((s) => ({ id: s.id, name: s.name, description: s.description, tags: s.tags, examples: s.examples }))).toEqual([
      { ...card.skills[0], tags: ["science", "math"] },
    ]);
    // And the exported card imports again to the same service.
    const again = a2aCardToAgentFile(await (await fetchAs(null)(`${exploreUrl}${cardPath(roundHandle)}`)).json());
    if (!again.ok) throw new Error(JSON.stringify(again.problems));
    const [second] = again.agentFile.capabilities as JsonObject[];
    expect({ ...second, tags: undefined }).toEqual({ ...first, tags: undefined });
    expect(again.agentFile.agent).toEqual({ ...(draft.agentFile.agent as JsonObject), website: "https://units.example.org" });
  });
});
