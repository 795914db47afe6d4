import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch, type GuardedFetch } from "./guarded-fetch";
import { callTool, listTools, type ToolCallOutcome, type ToolProgress } from "./mcp-call";
import { closeAdapterClients } from "./mcp-client-pool";
import { checkOutput } from "./output-check";
import {
  drip,
  freePort,
  pump,
  startMcpServer,
  startRawHttpServer,
  startRawMcpServer,
  type TestServer,
  type ToolCallHandler,
} from "@/lib/testing/mcp-test-servers";

const DEADLINE = 1500;
const SLACK = 2000;
const MB = 1024 * 1024;

let guarded: GuardedFetch;
let mcp: TestServer;
const servers: TestServer[] = [];

beforeAll(async () => {
  guarded = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: MB });
  mcp = await startMcpServer();
  servers.push(mcp);
});

afterAll(async () => {
  await closeAdapterClients();
  await guarded.close();
  await Promise.all(servers.map((s) => s.close()));
});

async function raw(onRequest: ToolCallHandler): Promise<TestServer> {
  const server = await startRawMcpServer(onRequest);
  servers.push(server);
  return server;
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function sseHead(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
}

async function call(
  endpoint: string,
  extra: {
    tool?: string;
    args?: Record<string, unknown>;
    deadlineMs?: number;
    fetch?: typeof fetch;
    signal?: AbortSignal;
    onProgress?: (p: ToolProgress) => void;
  } = {},
) {
  const started = performance.now();
  const outcome = await callTool({
    endpoint,
    tool: extra.tool ?? "add",
    arguments: extra.args ?? { a: 2, b: 3 },
    meta: { "explore/execution_id": "exec_1" },
    deadlineMs: extra.deadlineMs ?? DEADLINE,
    fetch: extra.fetch ?? guarded,
    signal: extra.signal,
    onProgress: extra.onProgress,
  });
  const wallMs = performance.now() - started;
  expect(wallMs).toBeLessThan((extra.deadlineMs ?? DEADLINE) + SLACK);
  return { outcome, wallMs };
}

function failedWith(outcome: ToolCallOutcome) {
  return outcome.status === "failed" ? { code: outcome.code, message: outcome.message, requestSent: outcome.requestSent } : outcome;
}

describe("against a well-behaved MCP server (the SDK's own, stateless)", () => {
  it("calls a tool and returns its structured and text content", async () => {
    const { outcome } = await call(mcp.url);
    expect(outcome).toMatchObject({ status: "succeeded", structuredContent: { sum: 5 }, content: [{ type: "text", text: "5" }] });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("sends _meta to the tool", async () => {
    const { outcome } = await call(mcp.url, { tool: "whoami", args: {} });
    expect(outcome.status).toBe("succeeded");
    if (outcome.status === "succeeded") expect(outcome.structuredContent).toEqual({ meta: { "explore/execution_id": "exec_1" } });
  });

  it("initialises once per endpoint and reuses the client", async () => {
    const fresh = await startMcpServer();
    servers.push(fresh);
    await call(fresh.url);
    await call(fresh.url);
    await Promise.all([call(fresh.url), call(fresh.url), call(fresh.url)]);
    expect(fresh.methods.filter((m) => m === "initialize")).toHaveLength(1);
    expect(fresh.methods.filter((m) => m === "tools/call")).toHaveLength(5);
  });

  it("passes progress notifications to onProgress", async () => {
    const seen: ToolProgress[] = [];
    const { outcome } = await call(mcp.url, { tool: "countdown", args: { steps: 3 }, onProgress: (p) => seen.push(p) });
    expect(outcome).toMatchObject({ status: "succeeded", structuredContent: { done: 3 } });
    expect(seen).toEqual([
      { progress: 1, total: 3, message: "step 1 of 3" },
      { progress: 2, total: 3, message: "step 2 of 3" },
      { progress: 3, total: 3, message: "step 3 of 3" },
    ]);
  });

  it("lists tools with their output schemas", async () => {
    const listed = await listTools({ endpoint: mcp.url, deadlineMs: DEADLINE, fetch: guarded });
    expect(listed.status).toBe("succeeded");
    if (listed.status !== "succeeded") return;
    const add = listed.tools.find((t) => t.name === "add");
    expect(add?.outputSchema).toMatchObject({ type: "object", properties: { sum: { type: "number" } } });
    expect(checkOutput(add?.outputSchema ?? null, { sum: 5 })).toEqual({ ok: true });
  });

  it("returns a tool's isError as the tool's own message", async () => {
    const { outcome } = await call(mcp.url, { tool: "out-of-stock", args: {} });
    expect(outcome).toMatchObject({ status: "tool_error", message: "The widget is out of stock." });
  });

  it("lets structuredContent that breaks the output schema through, for checkOutput to flag", async () => {
    const { outcome } = await call(mcp.url, { tool: "wrong-shape", args: {} });
    expect(outcome.status).toBe("succeeded");
    if (outcome.status !== "succeeded") return;
    const declared = { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] };
    expect(checkOutput(declared, outcome.structuredContent)).toEqual({ ok: false, errors: ["/sum must be number"] });
  });
});

describe("the fault suite: every misbehaviour ends within the deadline + 2 s as a clear value", () => {
  it("adapter down → failed, connect_failed, request not sent", async () => {
    const port = await freePort();
    const { outcome } = await call(`http://127.0.0.1:${port}/mcp`);
    expect(failedWith(outcome)).toEqual({
      code: "connect_failed",
      message: `Could not connect to the adapter at 127.0.0.1:${port}: the connection was refused (is it running?).`,
      requestSent: false,
    });
  });

  it("hangs before headers on tools/call → timed_out at the deadline, request sent, cancellation sent", async () => {
    const server = await raw(() => undefined);
    const { outcome, wallMs } = await call(server.url);
    expect(outcome).toMatchObject({ status: "timed_out", message: "The adapter did not answer within 1.5 s.", requestSent: true });
    expect(wallMs).toBeGreaterThanOrEqual(DEADLINE - 50);
    await server.received("notifications/cancelled");
  });

  it("hangs during initialize → timed_out, request not sent", async () => {
    const server = await startRawHttpHang();
    const { outcome } = await call(server.url);
    expect(outcome).toMatchObject({ status: "timed_out", requestSent: false });
  });

  it("drips the body slowly → timed_out", async () => {
    const server = await raw((res, id) => {
      res.writeHead(200, { "content-type": "application/json" });
      const text = JSON.stringify({ jsonrpc: "2.0", id, result: { content: [] } });
      let i = 0;
      drip(res, () => text.charAt(i++ % text.length), 100);
    });
    const { outcome } = await call(server.url);
    expect(outcome).toMatchObject({ status: "timed_out", requestSent: true });
  });

  it("sends 50 MB → failed, too_large", async () => {
    const server = await raw((res) => {
      res.writeHead(200, { "content-type": "application/json" });
      pump(res, 50 * MB);
    });
    const { outcome, wallMs } = await call(server.url);
    expect(failedWith(outcome)).toEqual({
      code: "too_large",
      message: `The adapter at 127.0.0.1:${server.port} sent an answer larger than 1.0 MB, Explore's limit.`,
      requestSent: true,
    });
    expect(wallMs).toBeLessThan(1000);
  });

  it("sends 50 MB as an event stream → failed, too_large", async () => {
    const server = await raw((res) => {
      sseHead(res);
      pump(res, 50 * MB);
    });
    const { outcome } = await call(server.url);
    expect(failedWith(outcome)).toMatchObject({ code: "too_large", requestSent: true });
  });

  it.each([
    ["cut-off JSON", '{"jsonrpc":"2.0","id":'],
    ["JSON that is not JSON-RPC", '{"hello":"world"}'],
  ])("malformed JSON-RPC (%s) → failed, protocol_error", async (_label, body) => {
    const server = await raw((res) => res.writeHead(200, { "content-type": "application/json" }).end(body));
    const { outcome, wallMs } = await call(server.url);
    expect(failedWith(outcome)).toEqual({
      code: "protocol_error",
      message: "The adapter's answer is not valid MCP: it is not well-formed JSON-RPC.",
      requestSent: true,
    });
    expect(wallMs).toBeLessThan(1000);
  });

  it("a tools/call result of the wrong shape → failed, protocol_error", async () => {
    const server = await raw((res, id) => json(res, { jsonrpc: "2.0", id, result: { content: "not a list" } }));
    const { outcome } = await call(server.url);
    expect(failedWith(outcome)).toMatchObject({ code: "protocol_error" });
  });

  it("an answer nested deeper than 64 levels → failed in words, before anything walks it", async () => {
    // Written as text: JSON.stringify itself would overflow on it.
    const deep = '{"a":'.repeat(10_000) + "{}" + "}".repeat(10_000);
    const server = await raw((res, id) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[],"structuredContent":${deep}}}`),
    );
    const { outcome } = await call(server.url);
    expect(failedWith(outcome)).toMatchObject({
      code: "protocol_error",
      message: "The adapter's answer nests objects and lists more than 64 levels deep; Explore does not show it.",
      requestSent: true,
    });
  });

  it("wrong response id → failed at once, protocol_error", async () => {
    const server = await raw((res, id) => json(res, { jsonrpc: "2.0", id: typeof id === "number" ? id + 1000 : "other", result: { content: [] } }));
    const { outcome, wallMs } = await call(server.url);
    expect(failedWith(outcome)).toEqual({
      code: "protocol_error",
      message: "The adapter answered with the wrong JSON-RPC id (a response to a request Explore did not send).",
      requestSent: true,
    });
    expect(wallMs).toBeLessThan(1000);
  });

  it("HTTP 500 → failed, http_error", async () => {
    const server = await raw((res) => res.writeHead(500, { "content-type": "text/plain" }).end("stack trace with secrets"));
    const { outcome } = await call(server.url);
    expect(failedWith(outcome)).toEqual({ code: "http_error", message: "The adapter failed with an internal error (HTTP 500).", requestSent: true });
  });

  it("HTTP 429 → failed, rate_limited", async () => {
    const server = await raw((res) => res.writeHead(429, { "retry-after": "30" }).end());
    const { outcome } = await call(server.url);
    expect(failedWith(outcome)).toEqual({
      code: "rate_limited",
      message: "The adapter is busy (HTTP 429, too many requests). Try again later.",
      requestSent: true,
    });
  });

  it("a JSON-RPC error answer → failed, rpc_error with the adapter's words", async () => {
    const server = await raw((res, id) => json(res, { jsonrpc: "2.0", id, error: { code: -32602, message: "Unknown tool: add" } }));
    const { outcome } = await call(server.url);
    expect(failedWith(outcome)).toMatchObject({ code: "rpc_error", message: expect.stringContaining("Unknown tool: add") });
  });

  it("an event stream that never ends → timed_out at the deadline, and the stream is closed", async () => {
    let closed: () => void = () => undefined;
    const streamClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const server = await raw((res) => {
      sseHead(res);
      drip(res, () => ": still thinking\n\n", 100);
      res.on("close", closed);
    });
    const { outcome, wallMs } = await call(server.url);
    expect(outcome).toMatchObject({ status: "timed_out", requestSent: true });
    expect(wallMs).toBeGreaterThanOrEqual(DEADLINE - 50);
    await streamClosed;
  });

  it("an event stream that closes before the answer → failed at once, connection_lost", async () => {
    const server = await raw((res) => {
      sseHead(res);
      res.end(": bye\n\n");
    });
    const { outcome, wallMs } = await call(server.url);
    expect(failedWith(outcome)).toMatchObject({ code: "connection_lost", requestSent: true });
    expect(wallMs).toBeLessThan(1000);
  });

  it("the connection drops after the request went out → failed, connection_lost, request sent (outcome unknown)", async () => {
    const server = await raw((res) => res.socket?.destroy());
    const { outcome } = await call(server.url);
    expect(failedWith(outcome)).toMatchObject({ code: "connection_lost", requestSent: true });
  });

  it("a redirect to a private address → failed, redirect", async () => {
    const server = await raw((res) => res.writeHead(307, { location: "http://10.0.0.1/mcp" }).end());
    const { outcome } = await call(server.url);
    expect(failedWith(outcome)).toEqual({
      code: "redirect",
      message: `The adapter at 127.0.0.1:${server.port} answered with a redirect, which Explore does not follow.`,
      requestSent: true,
    });
  });

  it("a private endpoint → failed, blocked_address, nothing sent", async () => {
    const { outcome, wallMs } = await call("http://10.0.0.1/mcp", {
      fetch: createGuardedFetch({ allowLoopback: false, requireHttps: false, maxResponseBytes: MB }),
    });
    expect(failedWith(outcome)).toMatchObject({ code: "blocked_address", requestSent: false });
    expect(wallMs).toBeLessThan(500);
  });

  it("plain http when https is required → failed, insecure_url", async () => {
    const { outcome } = await call(mcp.url, { fetch: createGuardedFetch({ allowLoopback: true, requireHttps: true, maxResponseBytes: MB }) });
    expect(failedWith(outcome)).toMatchObject({ code: "insecure_url", requestSent: false });
  });

  it("the caller's signal stops the call → failed, cancelled", async () => {
    const server = await raw(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { outcome, wallMs } = await call(server.url, { signal: controller.signal });
    expect(failedWith(outcome)).toMatchObject({ code: "cancelled", requestSent: true });
    expect(wallMs).toBeLessThan(1000);
  });

  it("after a broken connection the next call reconnects and succeeds", async () => {
    let broken = true;
    const server = await raw((res, id) => {
      if (broken) {
        broken = false;
        res.socket?.destroy();
        return;
      }
      json(res, { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: "fine" }] } });
    });
    expect((await call(server.url)).outcome.status).toBe("failed");
    expect((await call(server.url)).outcome).toMatchObject({ status: "succeeded", content: [{ type: "text", text: "fine" }] });
    expect(server.methods.filter((m) => m === "initialize")).toHaveLength(2);
  });
});

describe("sessions", () => {
  it("a reused session the server has forgotten (HTTP 404) is re-initialised and the call made once more", async () => {
    let sessions = 0;
    let live = "";
    const server = await startRawMcpServer(
      (res, id) => {
        if (res.req.headers["mcp-session-id"] !== live) {
          res.writeHead(404, { "content-type": "application/json" }).end('{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}');
          return;
        }
        json(res, { jsonrpc: "2.0", id, result: { content: [{ type: "text", text: live }] } });
      },
      {
        sessionId: () => {
          sessions += 1;
          live = `s${sessions}`;
          return live;
        },
      },
    );
    servers.push(server);
    expect((await call(server.url)).outcome).toMatchObject({ status: "succeeded", content: [{ text: "s1" }] });
    live = "restarted";
    expect((await call(server.url)).outcome).toMatchObject({ status: "succeeded", content: [{ text: "s2" }] });
    expect(server.methods.filter((m) => m === "initialize")).toHaveLength(2);
    expect(server.methods.filter((m) => m === "tools/call")).toHaveLength(3);
  });
});

async function startRawHttpHang(): Promise<TestServer> {
  const server = await startRawHttpServer(() => undefined);
  servers.push(server);
  return server;
}

describe("200 faults in a row", () => {
  it("leave open handles and memory flat", { timeout: 60_000 }, async () => {
    setFlagsFromString("--expose-gc");
    const gc: unknown = runInNewContext("gc");
    const collect = () => {
      if (typeof gc === "function") gc();
    };
    const small = createGuardedFetch({ allowLoopback: true, requireHttps: false, maxResponseBytes: 64 * 1024 });
    const downPort = await freePort();
    const faulty = await Promise.all([
      raw((res) => res.writeHead(500).end()),
      raw((res) => res.writeHead(429).end()),
      raw((res) => res.writeHead(200, { "content-type": "application/json" }).end("{")),
      raw((res) => json(res, { jsonrpc: "2.0", id: 99_999, result: { content: [] } })),
      raw((res) => res.writeHead(307, { location: "http://10.0.0.1/" }).end()),
      raw((res) => {
        res.writeHead(200, { "content-type": "application/json" });
        pump(res, MB);
      }),
      raw(() => undefined),
      raw((res) => {
        sseHead(res);
        drip(res, () => ": ping\n\n", 20);
      }),
      raw((res) => res.socket?.destroy()),
    ]);
    const endpoints = [`http://127.0.0.1:${downPort}/mcp`, ...faulty.map((s) => s.url)];
    const runRound = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const endpoint = endpoints[i % endpoints.length] ?? mcp.url;
        const outcome = await callTool({ endpoint, tool: "add", arguments: {}, meta: {}, deadlineMs: 100, fetch: small });
        expect(outcome.status === "failed" || outcome.status === "timed_out").toBe(true);
      }
    };
    const settle = async () => {
      // Server-side keep-alive sockets are this process's handles too: drop them, then wait until the count is steady.
      for (const s of faulty) s.closeIdle();
      let last = -1;
      let steady = 0;
      for (let i = 0; i < 100 && steady < 3; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const now = process.getActiveResourcesInfo().length;
        steady = now === last ? steady + 1 : 0;
        last = now;
      }
      return last;
    };

    await runRound(endpoints.length * 2);
    const handlesBefore = await settle();
    collect();
    const heapBefore = process.memoryUsage().heapUsed;

    await runRound(200);
    const handlesAfter = await settle();
    collect();
    const heapAfter = process.memoryUsage().heapUsed;

    expect(handlesAfter).toBeLessThanOrEqual(handlesBefore + 2);
    expect(heapAfter - heapBefore).toBeLessThan(8 * MB);
    await small.close();
  });
});
