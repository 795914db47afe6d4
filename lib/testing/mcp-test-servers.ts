import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

// Real servers on loopback for the adapter tests and the benchmark: a well-behaved MCP server (the SDK's
// own, stateless) and raw node:http servers that misbehave on purpose.

export interface TestServer {
  url: string;
  port: number;
  /** JSON-RPC methods received, in order (POST bodies only). */
  methods: string[];
  /** Every request's headers, in order. */
  requestHeaders: IncomingHttpHeaders[];
  /** Resolves when a POST carrying this JSON-RPC method has arrived (now or earlier). */
  received(method: string): Promise<void>;
  /** Drops idle keep-alive connections (so open-handle counts can be compared). */
  closeIdle(): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    if (chunk instanceof Buffer) chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && key in value ? Reflect.get(value, key) : undefined;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string, parsed: unknown) => void, path = "/mcp"): Promise<TestServer> {
  const methods: string[] = [];
  const requestHeaders: IncomingHttpHeaders[] = [];
  const waiters: { method: string; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    requestHeaders.push(req.headers);
    readBody(req)
      .then((body) => {
        const parsed = parseJson(body);
        const method = field(parsed, "method");
        if (typeof method === "string") {
          methods.push(method);
          for (const waiter of waiters.filter((w) => w.method === method)) waiter.resolve();
        }
        handler(req, res, body, parsed);
      })
      .catch(() => res.destroy());
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address !== null ? (address satisfies AddressInfo).port : 0;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    methods,
    requestHeaders,
    received: (method) => (methods.includes(method) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ method, resolve }))),
    closeIdle: () => server.closeIdleConnections(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function buildMcpServer(): McpServer {
  const server = new McpServer({ name: "explore-test-adapter", version: "1.0.0" });
  server.registerTool(
    "add",
    {
      description: "Adds two numbers",
      inputSchema: { a: z.number(), b: z.number() },
      outputSchema: { sum: z.number() },
    },
    ({ a, b }) => ({ content: [{ type: "text", text: String(a + b) }], structuredContent: { sum: a + b } }),
  );
  server.registerTool("echo", { inputSchema: { text: z.string() } }, ({ text }) => ({
    content: [{ type: "text", text }],
    structuredContent: { text },
  }));
  server.registerTool("out-of-stock", { inputSchema: {} }, () => ({
    isError: true,
    content: [{ type: "text", text: "The widget is out of stock." }],
  }));
  // Declares no output schema itself, so the SDK server lets the wrong shape through; Explore checks it.
  server.registerTool("wrong-shape", { inputSchema: {} }, () => ({
    content: [{ type: "text", text: "oops" }],
    structuredContent: { sum: "not a number" },
  }));
  // Answers a tool error with the structuredContent it is given: the payment-required convention, well or badly formed.
  server.registerTool("refuse-with", { inputSchema: { structured: z.record(z.string(), z.unknown()) } }, ({ structured }) => ({
    isError: true,
    content: [{ type: "text", text: "Pay first at https://pay.evil.example/now" }],
    structuredContent: structured,
  }));
  server.registerTool("whoami", { inputSchema: {} }, (_args, extra) => ({
    content: [{ type: "text", text: "meta" }],
    structuredContent: { meta: extra._meta ?? null },
  }));
  server.registerTool("countdown", { inputSchema: { steps: z.number() } }, async ({ steps }, extra) => {
    const token = extra._meta?.progressToken;
    for (let i = 1; i <= steps; i += 1) {
      if (token !== undefined) {
        await extra.sendNotification({
          method: "notifications/progress",
          params: { progressToken: token, progress: i, total: steps, message: `step ${i} of ${steps}` },
        });
      }
    }
    return { content: [{ type: "text", text: "done" }], structuredContent: { done: steps } };
  });
  return server;
}

/**
 * The SDK's own server, stateless (a fresh server and transport per request, as the SDK's examples do).
 * `requireHeader`: every request without that header and value is refused with 401, as a server behind a key is.
 */
export async function startMcpServer(opts: { requireHeader?: { name: string; value: string } } = {}): Promise<TestServer> {
  const required = opts.requireHeader;
  return listen((req, res, _body, parsed) => {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    if (required !== undefined && req.headers[required.name.toLowerCase()] !== required.value) {
      res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: "unauthorized" }));
      return;
    }
    const server = buildMcpServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res, parsed))
      .catch(() => res.destroy());
  });
}

export type ToolCallHandler = (res: ServerResponse, id: unknown, message: unknown) => void;

/**
 * A hand-written MCP endpoint: answers initialize properly, accepts notifications, refuses GET, and hands
 * every other request (tools/call, tools/list) to `onRequest`, which misbehaves as the test needs.
 */
export async function startRawMcpServer(onRequest: ToolCallHandler, opts: { sessionId?: () => string } = {}): Promise<TestServer> {
  return listen((req, res, _body, parsed) => {
    if (req.method !== "POST") {
      res.writeHead(405, { allow: "POST" }).end();
      return;
    }
    const method = field(parsed, "method");
    const id = field(parsed, "id");
    if (method === "initialize") {
      const requested = field(field(parsed, "params"), "protocolVersion");
      const session: Record<string, string> = opts.sessionId ? { "mcp-session-id": opts.sessionId() } : {};
      res.writeHead(200, { "content-type": "application/json", ...session }).end(
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          result: {
            protocolVersion: typeof requested === "string" ? requested : "2025-06-18",
            capabilities: { tools: {} },
            serverInfo: { name: "raw", version: "0" },
          },
        }),
      );
      return;
    }
    if (id === undefined) {
      res.writeHead(202).end();
      return;
    }
    onRequest(res, id, parsed);
  });
}

/** A server that answers everything with `onRequest`, initialize included. */
export async function startRawHttpServer(onRequest: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<TestServer> {
  return listen((req, res, body) => onRequest(req, res, body));
}

/** Writes `totalBytes` (or forever) of filler at the pace the reader takes it; stops when the client goes. */
export function pump(res: ServerResponse, totalBytes: number): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  let closed = false;
  res.on("close", () => {
    closed = true;
  });
  res.on("error", () => {
    closed = true;
  });
  const write = () => {
    while (!closed && sent < totalBytes) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once("drain", write);
        return;
      }
    }
    if (!closed) res.end();
  };
  write();
}

/** Writes `piece` every `everyMs` until the client goes away (returns the stopper). */
export function drip(res: ServerResponse, piece: () => string, everyMs: number): () => void {
  const timer = setInterval(() => {
    if (!res.destroyed) res.write(piece());
  }, everyMs);
  const stop = () => clearInterval(timer);
  res.on("close", stop);
  return stop;
}

export async function freePort(): Promise<number> {
  const server = await listen(() => undefined);
  await server.close();
  return server.port;
}
