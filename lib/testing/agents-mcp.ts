import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST } from "@/app/mcp/route";

// Explore's /mcp as tests drive it: the SDK's own client with its HTTP requests handed straight to the route, and
// seed 004's tools read from the copy of the seed kept in lib/edges/agent-mcp, to compare their input schemas.

type Schema = { [key: string]: unknown };

/** Seed 004's tools as [description, input schema] pairs, in the seed's order. */
export function seedTools(): { description: string; schema: Schema }[] {
  const text = readFileSync(new URL("../edges/agent-mcp/seed-004.fixture.txt", import.meta.url), "utf8");
  const lines = text.slice(text.indexOf("\n----\n") + 6).split("\n");
  const tools: { description: string; schema: Schema }[] = [];
  let paragraph = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "{") {
      const end = lines.indexOf("}", i);
      tools.push({ description: paragraph, schema: JSON.parse(lines.slice(i, end + 1).join("\n")) as Schema });
      i = end;
    } else if (line.trim() !== "") paragraph = line;
  }
  return tools;
}

/** A schema with what describes rather than constrains left out (titles, descriptions), and `required` always there. */
export function constraints(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(constraints);
  if (typeof node !== "object" || node === null) return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === "title" || key === "description") continue;
    if (key === "properties" || key === "$defs") out[key] = Object.fromEntries(Object.entries(value as Schema).map(([name, sub]) => [name, constraints(sub)]));
    else out[key] = constraints(value);
  }
  if (out.type === "object" && "properties" in out && !("required" in out)) out.required = [];
  return out;
}

/** A random client address, so one test file's rate limits are not another's. */
export function testAddress(last: number): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${last}`;
}

/** MCP clients of /mcp from one client address; close them after the tests. */
export function mcpClients(address: string) {
  const clients: Client[] = [];
  return {
    async connect(): Promise<Client> {
      const transport = new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), {
        fetch: (url, init) => POST(new Request(url, init)),
        requestInit: { headers: { "x-forwarded-for": address } },
      });
      const client = new Client({ name: "explore-test", version: "1.0.0" });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    close: () => Promise.all(clients.map((c) => c.close())),
  };
}

export async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : [];
  return {
    isError: result.isError === true,
    structured: (result.structuredContent ?? {}) as Record<string, unknown>,
    text: content.map((c) => c.text ?? "").join(" "),
  };
}

/** The whole board's chain through read_board, page after page, oldest first. */
export async function readWholeBoard(client: Client): Promise<Record<string, never>[]> {
  const entries: Record<string, never>[] = [];
  for (let after = 0; ;) {
    const page = await callTool(client, "read_board", { after, limit: 200 });
    entries.push(...(page.structured.entries as Record<string, never>[]));
    const next = page.structured.next_after as number | null;
    if (next === null) return entries;
    after = next;
  }
}

/**
 * Expects each seed tool, found by how its description starts, to be listed by `client` under its name with exactly
 * the seed's input schema (properties, types, required fields, bounds, patterns, enums and defaults).
 */
export async function expectSeedSchemas(client: Client, names: Record<string, string>): Promise<void> {
  const seed = seedTools();
  const { tools } = await client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const [start, name] of Object.entries(names)) {
    const matches = seed.filter((t) => t.description.startsWith(start));
    expect(matches, start).toHaveLength(1);
    const listed = byName.get(name);
    expect(listed, `${name} is listed`).toBeDefined();
    expect(constraints(listed?.inputSchema), name).toEqual(constraints(matches[0]?.schema));
  }
}
