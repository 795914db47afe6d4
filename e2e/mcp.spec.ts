import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { leak } from "./roles/roles";
import { signInByEmail, uniqueEmail } from "./helpers";

// Explore's MCP endpoint for agents, driven by the SDK's client over HTTP and by the MCP Inspector's CLI (a
// third-party client), against the production server; and capability requests on the web.

const run = promisify(execFile);

async function client(baseURL: string): Promise<Client> {
  const c = new Client({ name: "explore-e2e", version: "1.0.0" });
  await c.connect(new StreamableHTTPClientTransport(new URL("/mcp", baseURL)));
  return c;
}

async function inspector(baseURL: string, ...args: string[]): Promise<string> {
  // Its catalog goes to a folder of its own, not the home directory, removed afterwards.
  const dir = mkdtempSync(path.join(tmpdir(), "inspector-"));
  try {
    const { stdout } = await run(path.resolve("node_modules/.bin/mcp-inspector"), ["--cli", new URL("/mcp", baseURL).href, "--transport", "http", ...args], {
      env: { ...process.env, MCP_CATALOG_PATH: path.join(dir, "mcp.json") },
      timeout: 60_000,
    });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
      ["list_services", { limit: 100 }],
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

test("the MCP Inspector's CLI lists the tools and calls one", async ({ baseURL }) => {
  const tools = JSON.parse(await inspector(baseURL ?? "", "--method", "tools/list")) as { tools: { name: string; outputSchema?: object }[] };
  expect(tools.tools.map((t) => t.name).sort()).toEqual(["find_services", "get_service", "list_capability_requests", "list_services", "request_capability", "search_agents", "vote_capability_request"]);
  expect(tools.tools.every((t) => t.outputSchema !== undefined)).toBe(true);
  const called = JSON.parse(await inspector(baseURL ?? "", "--method", "tools/call", "--tool-name", "list_services", "--tool-arg", "query=length", "availability=available")) as {
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
