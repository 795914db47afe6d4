import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { inspectorRun } from "./inspector";
import { leak } from "./roles/roles";
import { signInByEmail, uniqueEmail } from "./helpers";
import { AGENT_MCP_TOOL_NAMES } from "../lib/testing/agent-mcp-tool-names";

// Explore's MCP endpoint for agents, driven by the SDK's client over HTTP and by the MCP Inspector's CLI (a
// third-party client), against the production server; and capability requests on the web.

async function client(baseURL: string): Promise<Client> {
  const c = new Client({ name: "explore-e2e", version: "1.0.0" });
  await c.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseURL)));
  return c;
}

async function inspector(baseURL: string, ...args: string[]): Promise<string> {
  return (await inspectorRun(new URL("/mcp", baseURL).href, ...args)).stdout;
}

test("an agent finds a demo service for a need and reads how to call it; no 18+ listing ever answers", async ({ baseURL }) => {
  const mcp = await client(baseURL ?? "");
  try {
    const found = await mcp.callTool({ name: "find_services", arguments: { need: "convert a length from miles to kilometres" } });
    const services = (found.structuredContent as { services: { handle: string; capability_id: string; availability: string }[] }).services;
    expect(services.map((s) => `${s.handle}/${s.capability_id}`)).toContain("@unit-forge/cap_convert_length");
    const got = await mcp.callTool({ name: "get_service", arguments: { handle: "@unit-forge", capability_id: "cap_convert_length" } });
    const service = (got.structuredContent as { service: { adapter: { endpoint: string | null; tool: string }; availability: string } }).service;
    expect(service.adapter.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(service.availability).toBe("available");

    for (const [name, args] of [
      ["find_services", { need: "nightcap" }],
      ["list_services", { query: "nightcap" }],
      ["list_services", {}],
      ["search_agents", { query: "leak" }],
      ["get_service", { handle: leak.handle, capability_id: leak.matureId }],
      ["get_service", { handle: leak.handle, capability_id: leak.suspendedId }],
    ] as const) {
      const answer = JSON.stringify(await mcp.callTool({ name, arguments: args }));
      expect(answer, name).not.toContain(leak.matureName);
      expect(answer, name).not.toContain(leak.suspendedName);
    }
  } finally {
    await mcp.close();
  }
});

test("the MCP Inspector's strict mode finds nothing unportable in the tools' schemas", async ({ baseURL }) => {
  // --strict reports every portability finding on stderr (and exits 6 on an error-severity one).
  const { stdout, stderr } = await inspectorRun(new URL("/mcp", baseURL).href, "--method", "tools/list", "--strict");
  expect(JSON.parse(stdout)).toHaveProperty("tools");
  expect(stderr).not.toMatch(/Warning:|Error:|portability/);
});

test("an agent is told when nothing matches its need, and pointed to request_capability; a handle may come without its @", async ({ baseURL }) => {
  const mcp = await client(baseURL ?? "");
  try {
    for (const need of ["file my quarterly VAT return in Germany", "xyzzy plugh"]) {
      const found = await mcp.callTool({ name: "find_services", arguments: { need } });
      const answer = z.object({ services: z.array(z.unknown()), next_steps: z.array(z.string()) }).parse(found.structuredContent);
      expect(answer.services, need).toEqual([]);
      expect(answer.next_steps.join(" "), need).toContain("request_capability");
    }
    const bare = await mcp.callTool({ name: "get_service", arguments: { handle: "unit-forge", capability_id: "cap_convert_length" } });
    expect(bare.isError).not.toBe(true);
    expect(z.object({ service: z.object({ handle: z.string() }) }).parse(bare.structuredContent).service.handle).toBe("@unit-forge");
  } finally {
    await mcp.close();
  }
});

test("/mcp refuses a web page of another site with 403, and a 3 MB body sent without a length with 413, in words", async ({ request, baseURL }) => {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
  };
  const headers = { accept: "application/json, text/event-stream", "content-type": "application/json" };
  const foreign = await request.post("/mcp", { headers: { ...headers, origin: "http://evil.example" }, data: initialize });
  expect(foreign.status()).toBe(403);
  expect(await foreign.text()).toContain("does not answer for this Host or Origin");
  expect((await request.post("/mcp", { headers, data: initialize })).status()).toBe(200);

  // Chunked: no Content-Length for the edge to judge by.
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(new URL("/mcp", baseURL), { method: "POST", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    // The server may answer and close before the whole body is sent.
    req.on("error", reject);
    req.write(JSON.stringify(initialize));
    const spaces = Buffer.alloc(64 * 1024, 32);
    let sent = 0;
    const pump = () => {
      while (sent < 3 * 1024 * 1024) {
        sent += spaces.byteLength;
        if (!req.write(spaces)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  }).catch((error: unknown) => ({ status: 0, body: String(error) }));
  expect(answer.status, answer.body).toBe(413);
  expect(answer.body).toContain("Explore accepts at most 2.0 MB");
});

test("a NUL character in the requests' search is refused in words, not a 500", async ({ page }) => {
  const response = await page.goto("/requests?q=ocr%00");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("alert").filter({ hasText: "Some of the filters could not be read, so all requests are shown." })).toBeVisible();
});

test("the MCP Inspector's CLI lists the tools and calls one", async ({ baseURL }) => {
  const tools = JSON.parse(await inspector(baseURL ?? "", "--method", "tools/list")) as { tools: { name: string; outputSchema?: object }[] };
  expect(tools.tools.map((t) => t.name).sort()).toEqual([...AGENT_MCP_TOOL_NAMES]);
  // run_service answers with the service's own content, which no one schema describes.
  expect(tools.tools.filter((t) => t.outputSchema === undefined).map((t) => t.name)).toEqual(["run_service"]);
  const called = JSON.parse(
    await inspector(baseURL ?? "", "--method", "tools/call", "--tool-name", "list_services", "--tool-arg", "query=length", "availability=available"),
  ) as {
    structuredContent: { services: { name: string; availability: string }[] };
  };
  expect(called.structuredContent.services.length).toBeGreaterThan(0);
  expect(called.structuredContent.services.every((s) => s.availability === "available")).toBe(true);
});

test("a person asks for a missing capability on the web, and an agent's vote through /mcp is counted with theirs", async ({ page, baseURL }) => {
  const title = `Braille transcription ${Date.now().toString(36)}`;
  await signInByEmail(page, uniqueEmail("asker"), "/requests");
  await page.goto("/requests");
  await page.getByLabel("What is missing").fill(title);
  await page.getByLabel("What you need it for").fill("Turning printed menus into braille files.");
  await page.getByLabel("Tags (optional, comma-separated)").fill("translaton");
  await page.getByRole("button", { name: "Ask for it" }).click();
  await expect(page.locator("#ask-tags-error")).toContainText("“translaton” is not one of the network's tags; try translation");
  await page.getByLabel("Tags (optional, comma-separated)").fill("translation");
  await page.getByRole("button", { name: "Ask for it" }).click();
  await page.getByRole("link", { name: "See your request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: `Voted for “${title}”` })).toHaveAttribute("aria-pressed", "true");
  const id = page.url().split("/").pop() ?? "";

  const mcp = await client(baseURL ?? "");
  try {
    const vote = await mcp.callTool({ name: "vote_capability_request", arguments: { id, handle: `e2e-${Date.now().toString(36)}` } });
    expect(vote.structuredContent).toMatchObject({ votes: 2, voted: true });
  } finally {
    await mcp.close();
  }
  await page.reload();
  await expect(page.getByText("2 votes")).toBeVisible();
  await page.getByRole("button", { name: `Voted for “${title}”` }).click();
  await expect(page.getByText("1 vote", { exact: true })).toBeVisible();
});
