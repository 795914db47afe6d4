import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema, type CallToolResult, type ElicitRequest, type ElicitResult } from "@modelcontextprotocol/sdk/types.js";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { closeAdapterClients } from "@/lib/domain/adapters/mcp-client-pool";
import { newApiToken } from "@/lib/domain/api-tokens/tokens";
import { db } from "@/lib/foundations/db/client";
import { sealSecret } from "@/lib/foundations/secrets";
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";
import { startMcpServer, type TestServer } from "@/lib/testing/mcp-test-servers";

// The gateway as an agent's MCP client meets it: the SDK's client, its HTTP requests handed straight to the route
// handlers (/mcp/agents/@handle and /mcp), the publisher's adapter a real MCP server on loopback.
vi.hoisted(() => vi.stubEnv("EXPLORE_ALLOW_LOOPBACK_ADAPTERS", "1"));

const { POST: gatewayPost } = await import("@/app/mcp/agents/[handle]/route");
const { POST: mcpPost } = await import("@/app/mcp/route");

let adapter: TestServer;
let publisher: Viewer;
const clients: Client[] = [];
const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;

beforeAll(async () => {
  adapter = await startMcpServer();
  publisher = await createTestUser();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await closeAdapterClients();
  await adapter.close();
  await cleanUpTestRows();
});

const echoSchema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };

async function tokenFor(
  owner: Viewer,
  scope: { paidRuns?: boolean; spendCapUsd?: number; agentHandles?: string[]; externalActions?: boolean } = {},
): Promise<string> {
  const { token, sha256 } = newApiToken();
  await db.apiToken.create({ data: { userId: owner.id, tokenSha256: sha256, label: "gateway test", ...scope } });
  return token;
}

/** What a person answers when the client asks them to confirm (null: the client cannot ask). */
type Person = ((request: ElicitRequest) => ElicitResult) | null;

/** The gateway of `handle` (null: /mcp) as an MCP client with `token` sees it; `person` answers its questions. */
async function connect(handle: string | null, token: string | null, person: Person = null): Promise<Client> {
  const url = new URL(handle === null ? "http://127.0.0.1/mcp" : `http://127.0.0.1/mcp/agents/${handle}`);
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: (target, init) => {
      const request = new Request(target, init);
      return handle === null ? mcpPost(request) : gatewayPost(request, { params: Promise.resolve({ handle: encodeURIComponent(handle) }) });
    },
    requestInit: { headers: { "x-forwarded-for": address, ...(token ? { authorization: `Bearer ${token}` } : {}) } },
  });
  const client = new Client({ name: "gateway-test", version: "1.0.0" }, person ? { capabilities: { elicitation: {} } } : {});
  if (person) client.setRequestHandler(ElicitRequestSchema, async (request) => person(request));
  await client.connect(transport);
  clients.push(client);
  return client;
}

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join(" ");
}

async function call(client: Client, name: string, args: Record<string, unknown>, onprogress?: (p: { progress: number }) => void): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress } : undefined)) as CallToolResult;
}

/** An agent on the loopback adapter: a free echo, a countdown, a provider-billed per-call service and an external action. */
async function agent(extra: { contentRating?: "general" | "mature" } = {}) {
  const created = await createTestAgent({
    ownerId: publisher.id,
    extra: { endpoint: adapter.url, paymentLink: "https://pay.example.test/provider" },
    capabilities: [
      {
        capabilityId: "cap_echo",
        name: "Echo",
        contentRating: extra.contentRating,
        extra: {
          tool: "echo",
          inputSchema: echoSchema,
          plans: { create: [{ planId: "free", position: 0, type: "free", dailyLimit: 2, extra: { type: "free", daily_limit: 2 } }] },
        },
      },
      {
        capabilityId: "cap_count",
        name: "Countdown",
        extra: { tool: "countdown", inputSchema: { type: "object", properties: { steps: { type: "number" } }, required: ["steps"] } },
      },
      {
        capabilityId: "cap_priced",
        name: "Priced echo",
        extra: {
          tool: "echo",
          inputSchema: echoSchema,
          isPaid: true,
          plans: { create: [{ planId: "per_call", position: 0, type: "per_call", priceUsd: "0.40", extra: { type: "per_call", price_usd: 0.4 } }] },
        },
      },
      {
        capabilityId: "cap_act",
        name: "Act",
        extra: { tool: "echo", inputSchema: echoSchema, class: "external_action", effects: { idempotencyArgument: "key" } },
      },
    ],
  });
  return created;
}

describe("the gateway for one agent (/mcp/agents/@handle)", () => {
  it("refuses a request without a live token with 401 in words", async () => {
    const a = await agent();
    await expect(connect(a.handle, null)).rejects.toThrow(/401|Unauthorized/);
    await expect(connect(a.handle, "ept_not-a-token")).rejects.toThrow(/401|Unauthorized/);
  });

  it("lists the services the token may run, without what Explore fills, and runs a free one as the owner, recorded with the token", async () => {
    const a = await agent();
    const owner = await createTestUser();
    const token = await tokenFor(owner);
    const client = await connect(a.handle, token);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["cap_count", "cap_echo", "cap_priced"]);
    const echo = tools.find((t) => t.name === "cap_echo");
    expect(echo?.inputSchema).toMatchObject({ type: "object", properties: { text: { type: "string" } }, required: ["text"] });
    expect(tools.find((t) => t.name === "cap_priced")?.description).toContain("This token allows none of its plans");

    const result = await call(client, "cap_echo", { text: "hello gateway" });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("hello gateway");
    const runs = await db.execution.findMany({ where: { userId: owner.id }, include: { apiToken: true } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "succeeded", paid: false });
    expect(runs[0]?.apiToken?.tokenSha256).toBeDefined();
  });

  it("keeps the plan's daily limit and says when it resets", async () => {
    const a = await agent();
    const owner = await createTestUser();
    const client = await connect(a.handle, await tokenFor(owner));
    for (const n of [1, 2]) expect((await call(client, "cap_echo", { text: `run ${n}` })).isError).toBeFalsy();
    const third = await call(client, "cap_echo", { text: "run 3" });
    expect(third.isError).toBe(true);
    expect(textOf(third)).toMatch(/today's 2 free runs.*midnight UTC/);
    expect(await db.execution.count({ where: { userId: owner.id } })).toBe(2);
  });

  it("refuses a paid plan to a free-only token, and names the payment link with the owner's consumer id", async () => {
    const a = await agent();
    const owner = await createTestUser();
    const client = await connect(a.handle, await tokenFor(owner));
    const result = await call(client, "cap_priced", { text: "pay me" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/allows free runs only/);
    expect(textOf(result)).toContain("https://pay.example.test/provider?client_reference_id=");
    expect(await db.execution.count({ where: { userId: owner.id } })).toBe(0);
  });

  it("runs provider-billed per-call plans for a token that allows paid runs until their prices reach its cap", async () => {
    const a = await agent();
    const owner = await createTestUser();
    const client = await connect(a.handle, await tokenFor(owner, { paidRuns: true, spendCapUsd: 1 }));
    for (const n of [1, 2]) {
      const paid = await call(client, "cap_priced", { text: `paid ${n}` });
      expect(paid.isError, textOf(paid)).toBeFalsy();
    }
    const over = await call(client, "cap_priced", { text: "paid 3" });
    expect(over.isError).toBe(true);
    expect(textOf(over)).toMatch(/past its cap of \$1\.00/);
    expect(await db.execution.count({ where: { userId: owner.id, paid: true } })).toBe(2);
  });

  it("spends a bought call of a Stripe-verified pack in the run's transaction", async () => {
    const owner = await createTestUser();
    const a = await createTestAgent({
      ownerId: publisher.id,
      extra: { endpoint: adapter.url },
      capabilities: [
        {
          capabilityId: "cap_pack",
          extra: {
            tool: "echo",
            inputSchema: echoSchema,
            isPaid: true,
            plans: {
              create: [
                {
                  planId: "pack_2",
                  position: 0,
                  type: "pack",
                  priceUsd: "1",
                  extra: { type: "pack", price_usd: 1, calls: 2, stripe_payment_link: "plink_2", stripe_payment_url: "https://buy.stripe.com/test_pack2" },
                },
              ],
            },
          },
        },
      ],
    });
    await db.stripeWebhook.create({ data: { agentId: a.id, secretCiphertext: sealSecret("whsec_gateway", a.id) } });
    const freeOnly = await connect(a.handle, await tokenFor(owner));
    const refused = await call(freeOnly, "cap_pack", { text: "x" });
    expect(textOf(refused)).toContain("https://buy.stripe.com/test_pack2?client_reference_id=");

    const eventId = `evt_gateway_${Date.now()}`;
    await db.stripeEvent.create({
      data: { id: eventId, agentId: a.id, type: "checkout.session.completed", createdAt: new Date(), outcome: "granted", message: "granted in a test" },
    });
    const grant = await db.entitlement.create({
      data: {
        userId: owner.id,
        agentId: a.id,
        planId: "pack_2",
        callsGranted: 2,
        callsLeft: 2,
        amountCents: 100,
        currency: "usd",
        checkoutSessionId: `cs_gateway_${Date.now()}`,
        eventId,
      },
    });
    const paid = await connect(a.handle, await tokenFor(owner, { paidRuns: true }));
    const result = await call(paid, "cap_pack", { text: "bought" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect((await db.entitlement.findUniqueOrThrow({ where: { id: grant.id } })).callsLeft).toBe(1);
  });

  it("never runs an external action with a token that does not allow them, and does not list it", async () => {
    const a = await agent();
    const owner = await createTestUser();
    const client = await connect(a.handle, await tokenFor(owner, { paidRuns: true, spendCapUsd: 5 }));
    await expect(call(client, "cap_act", { text: "do it" })).rejects.toThrow(/no service "cap_act" this token may run/);
    const viaMcp = await connect(null, await tokenFor(owner, { paidRuns: true }));
    const result = await call(viaMcp, "run_service", { agent: a.handle, service: "cap_act", arguments: { text: "do it" } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/external action.*confirmation.*This token never runs one: its owner can allow them/);
    expect(await db.execution.count({ where: { userId: owner.id } })).toBe(0);
  });

  it("runs an external action a token allows only once its person confirms it through the client, and not otherwise", async () => {
    const a = await agent();
    const owner = await createTestUser();
    const token = await tokenFor(owner, { externalActions: true });
    const asked: string[] = [];
    const answering =
      (answer: ElicitResult): Person =>
      (request) => {
        asked.push(request.params.message);
        return answer;
      };

    // A client that cannot ask its person: not listed, and refused in words through run_service.
    const mute = await connect(a.handle, token);
    expect((await mute.listTools()).tools.map((t) => t.name)).not.toContain("cap_act");
    const muteRun = await call(await connect(null, token), "run_service", { agent: a.handle, service: "cap_act", arguments: { text: "mute" } });
    expect(textOf(muteRun)).toContain("This client cannot ask its person: use a client that declares MCP elicitation");

    const declining = await connect(a.handle, token, answering({ action: "decline" }));
    expect((await declining.listTools()).tools.map((t) => t.name)).toContain("cap_act");
    const declined = await call(declining, "cap_act", { text: "declined" });
    expect(declined.isError).toBe(true);
    expect(textOf(declined)).toBe("Not run: the person declined.");
    expect(asked[0]).toMatch(/^Run “Act” of @\S+ as \S+@\S+\? It acts outside Explore\. Plan: .+ Arguments: \{"text":"declined"\}$/);
    const unticked = await call(await connect(a.handle, token, answering({ action: "accept", content: { confirm: false } })), "cap_act", { text: "unticked" });
    expect(textOf(unticked)).toBe("Not run: the person declined.");
    expect(await db.execution.count({ where: { userId: owner.id } })).toBe(0);

    const confirmed = await call(await connect(a.handle, token, answering({ action: "accept", content: { confirm: true } })), "cap_act", { text: "go ahead" });
    expect(confirmed.isError, textOf(confirmed)).toBeFalsy();
    expect(textOf(confirmed)).toContain("go ahead");
    // run_service on /mcp asks the same way.
    const viaMcp = await call(await connect(null, token, answering({ action: "accept", content: { confirm: true } })), "run_service", {
      agent: a.handle,
      service: "cap_act",
      arguments: { text: "one endpoint" },
    });
    expect(viaMcp.isError, textOf(viaMcp)).toBeFalsy();
    expect(await db.execution.count({ where: { userId: owner.id, status: "succeeded" } })).toBe(2);

    // The session id that says a client can ask is worth nothing with another token.
    const other = await tokenFor(await createTestUser(), { externalActions: true });
    const stolen = await connect(a.handle, token, answering({ action: "accept", content: { confirm: true } }));
    const sessionId = (stolen.transport as StreamableHTTPClientTransport).sessionId;
    expect(sessionId).toMatch(/^mcpel_/);
    const listed = await gatewayPost(
      new Request(`http://127.0.0.1/mcp/agents/${a.handle}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${other}`,
          "mcp-session-id": sessionId ?? "",
          "x-forwarded-for": address,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      }),
      { params: Promise.resolve({ handle: encodeURIComponent(a.handle) }) },
    );
    expect(((await listed.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name)).not.toContain("cap_act");
  });

  it("sends the adapter's progress as MCP progress notifications before the result", async () => {
    const a = await agent();
    const client = await connect(a.handle, await tokenFor(await createTestUser()));
    const seen: number[] = [];
    const result = await call(client, "cap_count", { steps: 3 }, (p) => seen.push(p.progress));
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });

  it("answers a token limited to other agents with 403, and an agent its owner may not see (18+) as missing", async () => {
    const [a, other] = await Promise.all([agent(), agent()]);
    const owner = await createTestUser();
    await expect(connect(a.handle, await tokenFor(owner, { agentHandles: [other.handle] }))).rejects.toThrow(/403|may run only the services of/);
    const mature = await createTestAgent({
      ownerId: publisher.id,
      extra: { endpoint: adapter.url },
      capabilities: [{ capabilityId: "cap_echo", contentRating: "mature", extra: { tool: "echo", inputSchema: echoSchema } }],
    });
    await expect(connect(mature.handle, await tokenFor(owner))).rejects.toThrow(/404|no agent/);
  });
});

describe("/mcp with a token", () => {
  it("reads as the token's owner: an adult with 18+ on finds an 18+ service that a signed-out caller does not", async () => {
    const a = await agent({ contentRating: "mature" });
    const adult = await createTestUser({ dateOfBirth: new Date("1980-01-01"), showMature: true });
    const args = { handle: a.handle, capability_id: "cap_echo" };
    const anonymous = await call(await connect(null, null), "get_service", args);
    expect(anonymous.isError).toBe(true);
    const owner = await call(await connect(null, await tokenFor(adult)), "get_service", args);
    expect(owner.isError, textOf(owner)).toBeFalsy();
    expect(owner.structuredContent).toMatchObject({ service: { capability_id: "cap_echo" } });
    const minorToken = await tokenFor(await createTestUser({ dateOfBirth: new Date(Date.now() - 17 * 365 * 24 * 3600 * 1000), showMature: true }));
    expect((await call(await connect(null, minorToken), "get_service", args)).isError).toBe(true);
  });
});

describe("run_service on /mcp", () => {
  it("runs with a token and refuses without one, in words", async () => {
    const a = await agent();
    const owner = await createTestUser();
    const anonymous = await connect(null, null);
    const refused = await call(anonymous, "run_service", { agent: a.handle, service: "cap_echo", arguments: { text: "hi" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/personal API token|Authorization: Bearer/);

    const client = await connect(null, await tokenFor(owner));
    const result = await call(client, "run_service", { agent: a.handle.slice(1), service: "cap_echo", arguments: { text: "one endpoint" } });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain("one endpoint");
    expect(await db.execution.count({ where: { userId: owner.id, status: "succeeded" } })).toBe(1);

    const seen: number[] = [];
    const counted = await call(client, "run_service", { agent: a.handle, service: "cap_count", arguments: { steps: 3 } }, (p) => seen.push(p.progress));
    expect(counted.isError, textOf(counted)).toBeFalsy();
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });
});
