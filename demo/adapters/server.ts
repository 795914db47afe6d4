import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { serveStatelessMcp } from "../../lib/domain/adapters/stateless-mcp-server";
import { demoAgentTools } from "./agents";
import { createReminderStore } from "./reminders";
import type { DemoTool } from "./tool-kit";
import { makeDemoFiles } from "./logo-files";

export const DEFAULT_DEMO_ADAPTERS_PORT = 4510;

export type DemoAdapters = { url: string; port: number; close(): Promise<void> };

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function jsonRpcError(code: number, message: string) {
  return { jsonrpc: "2.0", error: { code, message }, id: null };
}

function handleMcp(slug: string, tools: readonly DemoTool[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const server = new McpServer({ name: `explore-demo-${slug}`, version: "1.0.0" });
  for (const tool of tools) tool.register(server);
  return serveStatelessMcp(server, req, res);
}

/**
 * The consumer IDs Odds Lab starts with a payment on record for: `DEMO_ODDS_LAB_PAID_CONSUMERS`, comma-separated.
 * Read here, not through lib/foundations/env.ts: the demo adapters stand in for publishers' own servers and their config.
 */
function oddsPaidConsumersFromEnv(): Set<string> {
  const ids = (process.env.DEMO_ODDS_LAB_PAID_CONSUMERS ?? "").split(",").map((id) => id.trim());
  return new Set(ids.filter((id) => id !== ""));
}

export type DemoAdaptersOptions = {
  port: number;
  host?: string;
  /** Odds Lab's record of paid consumer IDs, read at every call (tests keep and fill their own); default: from the environment. */
  oddsPaidConsumers?: ReadonlySet<string>;
};

/** Starts one HTTP server that serves every demo agent's MCP endpoint at `/<agent-slug>/mcp`, and their logos at `/files/<name>`. */
export async function startDemoAdapters({ port, host = "127.0.0.1", oddsPaidConsumers }: DemoAdaptersOptions): Promise<DemoAdapters> {
  const agents = demoAgentTools(createReminderStore(), oddsPaidConsumers ?? oddsPaidConsumersFromEnv());
  const files = await makeDemoFiles();
  const httpServer = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    // The demo publishers' logos (Explore fetches and checks them, then serves its own copies).
    const file = path.startsWith("/files/") ? files.get(path.slice("/files/".length)) : undefined;
    if (file && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(200, { "content-type": file.contentType, "content-length": String(file.body.byteLength) });
      res.end(req.method === "HEAD" ? undefined : file.body);
      return;
    }
    const slug = /^\/([a-z0-9-]+)\/mcp\/?$/.exec(path)?.[1];
    const tools = slug === undefined ? undefined : agents.get(slug);
    if (slug === undefined || tools === undefined) {
      sendJson(res, 404, { error: "not_found", message: `No demo agent at ${path}.` });
      return;
    }
    if (req.method !== "POST") {
      sendJson(res, 405, jsonRpcError(-32000, "Method not allowed: this stateless endpoint takes POST only."), { allow: "POST" });
      return;
    }
    handleMcp(slug, tools, req, res).catch((error: unknown) => {
      console.error(`demo adapter ${slug} failed:`, error);
      if (!res.headersSent) sendJson(res, 500, jsonRpcError(-32603, "Internal server error."));
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(port, host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const address: AddressInfo | string | null = httpServer.address();
  const boundPort = typeof address === "object" && address !== null ? address.port : port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${boundPort}`,
    port: boundPort,
    close: () =>
      new Promise<void>((resolve, reject) => {
        httpServer.close((error) => (error ? reject(error) : resolve()));
        httpServer.closeAllConnections();
      }),
  };
}

function portFromArgs(args: readonly string[]): number {
  const index = args.findIndex((arg) => arg === "--port" || arg.startsWith("--port="));
  if (index === -1) return DEFAULT_DEMO_ADAPTERS_PORT;
  const arg = args[index] ?? "";
  const raw = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[index + 1];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port needs a number from 0 to 65535, got ${raw ?? "nothing"}.`);
  return port;
}

async function main(): Promise<void> {
  const adapters = await startDemoAdapters({ port: portFromArgs(process.argv.slice(2)) });
  console.log(`demo adapters listening on ${adapters.url}`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    adapters.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("demo adapters did not close cleanly:", error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(entry).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
