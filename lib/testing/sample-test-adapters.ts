import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { serveStatelessMcp } from "@/lib/domain/adapters/stateless-mcp-server";
import { z } from "zod";

// Test-only: MCP adapters on loopback whose answers, speed and failures the tests control, each at
// /<name>/mcp, counting calls and how many ran at once. Used by the unit tests and the benchmark.

export type AdapterBehaviour = {
  /** What the `answer` tool returns as structured content. */
  answer: Record<string, unknown>;
  /** How long each call takes. */
  delayMs: number;
  /** When set, calls wait for it before answering (a hung adapter). */
  gate: Promise<void> | null;
};

export type AdapterStats = { calls: number; running: number; maxRunning: number; lastArguments: unknown; lastMeta: unknown; finishedAt: number[] };

export type TestAdapters = {
  url(name: string): string;
  behaviour(name: string): AdapterBehaviour;
  stats(name: string): AdapterStats;
  /** Most calls running at once, all adapters together. */
  maxRunningTotal(): number;
  close(): Promise<void>;
};

export async function startTestAdapters(defaults: Partial<AdapterBehaviour> = {}): Promise<TestAdapters> {
  const behaviours = new Map<string, AdapterBehaviour>();
  const stats = new Map<string, AdapterStats>();
  let runningTotal = 0;
  let maxRunningTotal = 0;
  const behaviour = (name: string) => {
    let b = behaviours.get(name);
    if (!b) {
      b = { answer: { ok: true }, delayMs: 0, gate: null, ...defaults };
      behaviours.set(name, b);
    }
    return b;
  };
  const statsOf = (name: string) => {
    let s = stats.get(name);
    if (!s) {
      s = { calls: 0, running: 0, maxRunning: 0, lastArguments: undefined, lastMeta: undefined, finishedAt: [] };
      stats.set(name, s);
    }
    return s;
  };

  function buildServer(name: string): McpServer {
    const server = new McpServer({ name: `test-adapter-${name}`, version: "1.0.0" });
    server.registerTool("answer", { inputSchema: { n: z.number().optional(), dry_run: z.boolean().optional() } }, async (args, extra) => {
      const b = behaviour(name);
      const s = statsOf(name);
      s.calls += 1;
      s.running += 1;
      runningTotal += 1;
      s.maxRunning = Math.max(s.maxRunning, s.running);
      maxRunningTotal = Math.max(maxRunningTotal, runningTotal);
      s.lastArguments = args;
      s.lastMeta = extra._meta;
      try {
        if (b.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, b.delayMs));
        if (b.gate) await b.gate;
        return { content: [{ type: "text", text: JSON.stringify(b.answer) }], structuredContent: b.answer };
      } finally {
        s.running -= 1;
        runningTotal -= 1;
        s.finishedAt.push(Date.now());
      }
    });
    return server;
  }

  function handle(name: string, req: IncomingMessage, res: ServerResponse) {
    return serveStatelessMcp(buildServer(name), req, res);
  }

  const sockets = new Set<Socket>();
  const http = createServer((req, res) => {
    const name = /^\/([a-z0-9-]+)\/mcp$/.exec(new URL(req.url ?? "/", "http://x").pathname)?.[1];
    if (!name || req.method !== "POST") {
      res.writeHead(name ? 405 : 404).end();
      return;
    }
    handle(name, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  http.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = http.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}/mcp`,
    behaviour,
    stats: statsOf,
    maxRunningTotal: () => maxRunningTotal,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        http.close(() => resolve());
      }),
  };
}
