import { describe, expect, it } from "vitest";
import { agentExportUrl, agentSnippets, serviceApiUrl } from "./agent-snippets";

const service = { handle: "@demo-homes", capabilityId: "cap_get_home", tool: "get_home", adapterEndpoint: "https://homes.example.com/mcp" };

function snippet(list: { id: string; text: string }[], id: string): string {
  const found = list.find((s) => s.id === id);
  if (!found) throw new Error(`no snippet ${id}`);
  return found.text;
}

describe("agentSnippets", () => {
  it("builds valid client configurations naming the agent through Explore's gateway, Explore's endpoint, and the adapter apart", () => {
    const s = agentSnippets("https://explore.example.com/", service);
    expect(s.exploreMcpUrl).toBe("https://explore.example.com/mcp");
    const gateway = { type: "http", url: "https://explore.example.com/mcp/agents/@demo-homes", headers: { Authorization: "Bearer <your Explore API token>" } };
    expect(JSON.parse(snippet(s.mcpClients, "mcp-json"))).toEqual({
      mcpServers: { "demo-homes": gateway, explore: { type: "http", url: "https://explore.example.com/mcp" } },
    });
    expect(JSON.parse(snippet(s.mcpClients, "mcp-vscode"))).toEqual({
      servers: { "demo-homes": gateway, explore: { type: "http", url: "https://explore.example.com/mcp" } },
    });
    expect(JSON.parse(snippet(s.mcpClients, "mcp-claude-desktop"))).toEqual({
      mcpServers: {
        "demo-homes": {
          command: "npx",
          args: ["-y", "mcp-remote", "https://explore.example.com/mcp/agents/@demo-homes", "--header", "Authorization: Bearer <your Explore API token>"],
        },
        explore: { command: "npx", args: ["-y", "mcp-remote", "https://explore.example.com/mcp"] },
      },
    });
    expect(JSON.parse(snippet(s.mcpClients, "mcp-adapter"))).toEqual({
      mcpServers: { "demo-homes-direct": { type: "http", url: "https://homes.example.com/mcp" } },
    });
  });

  it("offers only Explore's endpoint while the adapter waits to be announced", () => {
    const s = agentSnippets("http://127.0.0.1:3000", { ...service, adapterEndpoint: null });
    expect(Object.keys((JSON.parse(snippet(s.mcpClients, "mcp-json")) as { mcpServers: object }).mcpServers)).toEqual(["explore"]);
    expect(s.mcpClients[0]?.note).toMatch(/not announced/);
  });

  it("points the code at the public API's URL of this service and the agent's exports", () => {
    const s = agentSnippets("http://127.0.0.1:3104", service);
    expect(s.serviceApiUrl).toBe("http://127.0.0.1:3104/api/v1/services/@demo-homes/cap_get_home");
    expect(snippet(s.api, "api-curl")).toContain("curl 'http://127.0.0.1:3104/api/v1/services/@demo-homes/cap_get_home'");
    expect(snippet(s.api, "api-javascript")).toContain('fetch("http://127.0.0.1:3104/api/v1/services/@demo-homes/cap_get_home")');
    expect(snippet(s.api, "api-python")).toContain('urlopen("http://127.0.0.1:3104/api/v1/services/@demo-homes/cap_get_home")');
    expect(s.exports.map((e) => e.url)).toEqual([
      "http://127.0.0.1:3104/api/v1/agents/demo-homes/agent.json",
      "http://127.0.0.1:3104/api/v1/agents/demo-homes/agent-card.json",
      "http://127.0.0.1:3104/api/v1/agents/demo-homes/ga4gh-entry.json",
    ]);
  });

  it("sends get_service a JSON-RPC body that parses back to this service", () => {
    const curl = snippet(agentSnippets("http://127.0.0.1:3000", service).api, "api-curl");
    const body = /-d '(.*)'$/m.exec(curl)?.[1];
    expect(JSON.parse(body ?? "")).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "get_service", arguments: { handle: "@demo-homes", capability_id: "cap_get_home" } },
    });
  });

  it("escapes what it quotes: path segments, shell words and string literals", () => {
    // Handles and IDs are validated elsewhere; the builders still never let a character break out.
    expect(serviceApiUrl("https://x.test", "@a b", "cap_a/b?c")).toBe("https://x.test/api/v1/services/@a%20b/cap_a%2Fb%3Fc");
    expect(agentExportUrl("https://x.test", "@a/b", "agent.json")).toBe("https://x.test/api/v1/agents/a%2Fb/agent.json");
    const odd = agentSnippets("https://x.test/it's", { ...service, adapterEndpoint: 'https://h.test/"mcp"' });
    expect(snippet(odd.api, "api-curl")).toContain("curl 'https://x.test/it'\\''s/api/v1/services/@demo-homes/cap_get_home'");
    expect(snippet(odd.api, "api-javascript")).toContain('fetch("https://x.test/it\'s/api/v1/services/@demo-homes/cap_get_home")');
    const config = JSON.parse(snippet(odd.mcpClients, "mcp-adapter")) as { mcpServers: Record<string, { url: string }> };
    expect(config.mcpServers["demo-homes-direct"]?.url).toBe('https://h.test/"mcp"');
    const quoted = agentSnippets("https://x.test", { ...service, capabilityId: "cap_x'y" });
    const body = /-d '(.*)'$/m.exec(snippet(quoted.api, "api-curl"))?.[1] ?? "";
    // Undo the shell's quoting the way sh reads it, then the JSON still names the ID.
    expect(JSON.parse(body.replace(/'\\''/g, "'"))).toMatchObject({ params: { arguments: { capability_id: "cap_x'y" } } });
  });
});
