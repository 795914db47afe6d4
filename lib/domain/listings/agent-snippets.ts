// "Use from your agent": the configuration blocks and code a person copies to call a service from an MCP
// client or a program. Pure functions of the origin and the service, so every snippet is unit-tested as text.

export type SnippetService = {
  handle: string;
  capabilityId: string;
  tool: string;
  /** The adapter's MCP endpoint, or null while it waits to be announced. */
  adapterEndpoint: string | null;
};

export type Snippet = { id: string; title: string; language: "json" | "shell" | "javascript" | "python"; text: string; note: string };

export type AgentSnippets = {
  exploreMcpUrl: string;
  /** Explore's gateway for this agent (lib/edges/agent-mcp/gateway): its services as tools, run as the token's owner. */
  gatewayUrl: string;
  serviceApiUrl: string;
  /** The server name the configuration blocks use for the adapter (the handle without its "@"). */
  adapterServerName: string;
  mcpClients: Snippet[];
  api: Snippet[];
  exports: { title: string; url: string; note: string }[];
};

const withoutAt = (handle: string) => handle.replace(/^@/, "");
const withAt = (handle: string) => (handle.startsWith("@") ? handle : `@${handle}`);
const json = (value: unknown) => JSON.stringify(value, null, 2);
/** A single-quoted shell word: safe for any text, quotes included. */
const shellWord = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A string literal JavaScript and Python both read as this text (JSON's escapes are valid in both). */
const stringLiteral = (text: string) => JSON.stringify(text);

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

/** The public API's URL of one service (its path segments encoded; the handle keeps its "@"). */
export function serviceApiUrl(origin: string, handle: string, capabilityId: string): string {
  return `${trimOrigin(origin)}/api/v1/services/${withAt(encodeURIComponent(withoutAt(handle)))}/${encodeURIComponent(capabilityId)}`;
}

export function agentExportUrl(origin: string, handle: string, file: "agent.json" | "agent-card.json" | "ga4gh-entry.json"): string {
  return `${trimOrigin(origin)}/api/v1/agents/${encodeURIComponent(withoutAt(handle))}/${file}`;
}

/** The token a client sends to the gateway: the person pastes their own (it is shown once, when made). */
const TOKEN_HEADER = { Authorization: "Bearer <your Explore API token>" };

type Server = { name: string; url: string; headers?: Record<string, string> };

/** The MCP servers a client is given: the agent through Explore's gateway (once its adapter is announced) and Explore's own endpoint. */
function servers(service: SnippetService, exploreMcpUrl: string, gatewayUrl: string): Server[] {
  const list: Server[] = service.adapterEndpoint ? [{ name: withoutAt(service.handle), url: gatewayUrl, headers: TOKEN_HEADER }] : [];
  return [...list, { name: "explore", url: exploreMcpUrl }];
}

const httpServer = (s: Server) => ({ type: "http", url: s.url, ...(s.headers ? { headers: s.headers } : {}) });

export function agentSnippets(origin: string, service: SnippetService): AgentSnippets {
  const base = trimOrigin(origin);
  const exploreMcpUrl = `${base}/mcp`;
  const apiUrl = serviceApiUrl(base, service.handle, service.capabilityId);
  const gatewayUrl = `${base}/mcp/agents/${withAt(encodeURIComponent(withoutAt(service.handle)))}`;
  const list = servers(service, exploreMcpUrl, gatewayUrl);
  const which = service.adapterEndpoint
    ? `Two servers: ${withAt(service.handle)} through Explore's gateway, whose tool "${service.capabilityId}" runs this service as you (with a personal API token from your settings: your plans, limits and runs), and Explore's endpoint, to find services and read this one.`
    : "Explore's endpoint only: the provider has not announced its adapter yet, so the service cannot run.";

  const mcpClients: Snippet[] = [
    {
      id: "mcp-json",
      title: "Cursor, Claude Code, Windsurf (mcpServers)",
      language: "json",
      text: json({ mcpServers: Object.fromEntries(list.map((s) => [s.name, httpServer(s)])) }),
      note: `${which} In Cursor: .cursor/mcp.json; in Claude Code: .mcp.json.`,
    },
    {
      id: "mcp-claude-desktop",
      title: "Claude Desktop",
      language: "json",
      // Claude Desktop's configuration file starts local programs only; mcp-remote bridges to an HTTP server.
      text: json({
        mcpServers: Object.fromEntries(
          list.map((s) => [
            s.name,
            {
              command: "npx",
              args: ["-y", "mcp-remote", s.url, ...Object.entries(s.headers ?? {}).flatMap(([name, value]) => ["--header", `${name}: ${value}`])],
            },
          ]),
        ),
      }),
      note: "In claude_desktop_config.json. Claude Desktop starts local programs, so mcp-remote (from npm) bridges to each HTTP endpoint.",
    },
    {
      id: "mcp-vscode",
      title: "VS Code (servers)",
      language: "json",
      text: json({ servers: Object.fromEntries(list.map((s) => [s.name, httpServer(s)])) }),
      note: "In .vscode/mcp.json, or the user settings' MCP section.",
    },
    ...(service.adapterEndpoint
      ? [
          {
            id: "mcp-adapter",
            title: "The provider's adapter directly",
            language: "json" as const,
            text: json({ mcpServers: { [`${withoutAt(service.handle)}-direct`]: { type: "http", url: service.adapterEndpoint } } }),
            note: `The provider's own MCP server, whose tool "${service.tool}" runs the service: the provider's terms and plans apply, and Explore keeps no record of those runs and checks none of your limits.`,
          },
        ]
      : []),
  ];

  const getService = {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "get_service", arguments: { handle: withAt(service.handle), capability_id: service.capabilityId } },
  };
  const api: Snippet[] = [
    {
      id: "api-curl",
      title: "curl",
      language: "shell",
      text: [
        "# The service as the public API describes it (JSON)",
        `curl ${shellWord(apiUrl)}`,
        "",
        "# The same through Explore's MCP endpoint: its get_service tool",
        `curl ${shellWord(exploreMcpUrl)} \\`,
        `  -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\`,
        `  -d ${shellWord(JSON.stringify(getService))}`,
      ].join("\n"),
      note: "Anonymous and read-only: the answer is what a signed-out visitor sees.",
    },
    {
      id: "api-javascript",
      title: "JavaScript",
      language: "javascript",
      text: [
        `const response = await fetch(${stringLiteral(apiUrl)});`,
        "if (!response.ok) throw new Error(`Explore answered ${response.status}`);",
        "const service = await response.json();",
        "// service.adapter: { endpoint, tool, transport } — how to call the provider's tool over MCP",
        "console.log(service.name, service.adapter);",
      ].join("\n"),
      note: "Node 18 or later, Deno, Bun or a browser (the API allows any origin).",
    },
    {
      id: "api-python",
      title: "Python",
      language: "python",
      text: [
        "import json",
        "import urllib.request",
        "",
        `with urllib.request.urlopen(${stringLiteral(apiUrl)}) as response:`,
        "    service = json.load(response)",
        "",
        "# service['adapter']: endpoint, tool, transport — how to call the provider's tool over MCP",
        "print(service['name'], service['adapter'])",
      ].join("\n"),
      note: "Python 3, standard library only.",
    },
  ];

  return {
    exploreMcpUrl,
    gatewayUrl,
    serviceApiUrl: apiUrl,
    adapterServerName: withoutAt(service.handle),
    mcpClients,
    api,
    exports: [
      { title: "agent.json", url: agentExportUrl(base, service.handle, "agent.json"), note: "The agent's own file as published." },
      { title: "A2A agent card", url: agentExportUrl(base, service.handle, "agent-card.json"), note: "For A2A clients." },
      {
        title: "GA4GH registry entry",
        url: agentExportUrl(base, service.handle, "ga4gh-entry.json"),
        note: "For GA4GH AI registries, once the publisher has stated its maintainers (until then it says what is missing).",
      },
    ],
  };
}
