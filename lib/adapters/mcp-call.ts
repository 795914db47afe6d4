import { AsyncLocalStorage } from "node:async_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CallToolResultSchema,
  ErrorCode,
  ListToolsResultSchema,
  McpError,
  type ContentBlock,
  type Implementation,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { GuardedFetchError, type GuardedFetchErrorCode } from "./guarded-fetch";
import { findTooDeep, MAX_JSON_DEPTH } from "@/lib/agent-file/json-limits";

// Calls a publisher's MCP tool over Streamable HTTP with the SDK client, through the fetch it is given
// (in Explore: the guarded fetch). Every failure becomes a value with a plain sentence; nothing throws.
//
// Clients are cached per (fetch, endpoint): initialise once, reuse, drop on a transport or protocol failure.
// The SDK's transport aborts its HTTP requests with one transport-wide signal, so to bound ONE call on a
// shared client, each operation runs in an AsyncLocalStorage scope and the fetch wrapper below gives that
// call's requests (and their response streams) the call's own signal. The same scope lets errors the SDK
// only reports through `onerror` (a response with the wrong id, a broken event stream) end the call at once
// instead of at its deadline.

export type { ContentBlock, Implementation, Tool };

export type CallFailureCode = GuardedFetchErrorCode | "http_error" | "rate_limited" | "protocol_error" | "rpc_error" | "cancelled";

export type CallFailure =
  { status: "failed"; code: CallFailureCode; message: string; requestSent: boolean } | { status: "timed_out"; message: string; requestSent: boolean };

export type ToolCallOutcome =
  | { status: "succeeded"; structuredContent?: unknown; content: ContentBlock[]; durationMs: number }
  // structuredContent is kept for conventions carried in it (lib/payments/payment-required.ts); the SDK checks
  // no output schema on an error result, so it is whatever the adapter sent.
  | { status: "tool_error"; message: string; structuredContent?: unknown; content: ContentBlock[]; durationMs: number }
  | ({ durationMs: number } & CallFailure);

export type ListToolsOutcome =
  /** `truncated`: the server had more than `maxTools`; `serverInfo`: what it said of itself in initialize. */
  { status: "succeeded"; tools: Tool[]; truncated: boolean; serverInfo: Implementation | null; durationMs: number } | ({ durationMs: number } & CallFailure);

export type ToolProgress = { progress: number; total?: number; message?: string };

export interface CallToolOptions {
  endpoint: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** Sent as the request's `_meta` (execution ID, capability ID, consumer ID, validation flag…). */
  meta: Record<string, unknown>;
  /** Bounds everything: connecting, initialising and the call itself. */
  deadlineMs: number;
  fetch: typeof fetch;
  onProgress?: (p: ToolProgress) => void;
  signal?: AbortSignal;
}

export interface ListToolsOptions {
  endpoint: string;
  deadlineMs: number;
  fetch: typeof fetch;
  signal?: AbortSignal;
  /** Stop once this many tools have arrived (default: every page, up to the page bound). */
  maxTools?: number;
}

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

interface Scope {
  /** Aborts this operation's HTTP requests and their response streams. */
  signal: AbortSignal;
  /** Ends the operation now with this error. */
  fail: (error: unknown) => void;
  /** The JSON-RPC method whose dispatch means "the request went out". */
  sentMethod: string | undefined;
  requestSent: boolean;
  /** The last guarded-fetch error seen (an event stream's error reaches the SDK's onerror only as text). */
  fetchError: GuardedFetchError | undefined;
  /** Ids of the JSON-RPC responses that have arrived in this scope. */
  answered: Set<string | number>;
}

const scopes = new AsyncLocalStorage<Scope>();

class DeadlineReached extends Error {}
class CallerCancelled extends Error {}
class OperationFinished extends Error {}
class StreamEndedEarly extends Error {}

const CLIENT_INFO = { name: "explore", version: "1.0.0" };
const MAX_CLIENTS_PER_FETCH = 256;
const MAX_TOOL_PAGES = 20;

// ---------------------------------------------------------------------------------------------------------
// The fetch wrapper: the call's signal, "request sent" bookkeeping, errors recorded for the classifier.

function jsonRpcShape(body: unknown): { method: string | undefined; id: string | number | undefined; isNotification: boolean } | null {
  if (typeof body !== "string") return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
    const method = "method" in parsed && typeof parsed.method === "string" ? parsed.method : undefined;
    const id = "id" in parsed && (typeof parsed.id === "string" || typeof parsed.id === "number") ? parsed.id : undefined;
    return { method, id, isNotification: method !== undefined && !("id" in parsed) };
  } catch {
    return null;
  }
}

function scopedFetch(base: typeof fetch): FetchLike {
  return async (url, init) => {
    const scope = scopes.getStore();
    if (!scope) return base(url, init);
    const shape = jsonRpcShape(init?.body);
    // Notifications (e.g. notifications/cancelled after a deadline) must not die with the call they concern.
    const signal = shape?.isNotification ? init?.signal : scope.signal;
    const marksSent = shape !== null && shape.method !== undefined && shape.method === scope.sentMethod;
    if (marksSent) scope.requestSent = true;
    try {
      const response = await base(url, { ...init, signal });
      return observeEventStream(response, scope, shape?.id);
    } catch (error) {
      if (error instanceof GuardedFetchError) {
        scope.fetchError = error;
        if (marksSent && !error.requestSent) scope.requestSent = false;
      }
      throw error;
    }
  };
}

function observeEventStream(response: Response, scope: Scope, requestId: string | number | undefined): Response {
  const body = response.body;
  if (body === null || !(response.headers.get("content-type") ?? "").includes("text/event-stream")) return response;
  const reader = body.getReader();
  const observed = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (!chunk.done) {
          controller.enqueue(chunk.value);
          return;
        }
        controller.close();
        // The SDK waits until the deadline when a request's stream ends without its answer; end the call now.
        // The parsing downstream runs on promise jobs, so by the next macrotask any final answer has been seen.
        if (requestId !== undefined) {
          setImmediate(() => {
            if (!scope.answered.has(requestId)) scope.fail(new StreamEndedEarly());
          });
        }
      } catch (error) {
        if (error instanceof GuardedFetchError) scope.fetchError = error;
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(observed, { status: response.status, statusText: response.statusText, headers: response.headers });
}

// ---------------------------------------------------------------------------------------------------------
// The client cache.

interface ClientEntry {
  key: string;
  pool: Map<string, ClientEntry>;
  client: Client;
  transport: StreamableHTTPClientTransport;
  ready: Promise<void>;
  connectController: AbortController;
  users: number;
  retired: boolean;
}

const pools = new WeakMap<typeof fetch, Map<string, ClientEntry>>();
const liveEntries = new Set<ClientEntry>();

function acquire(endpoint: string, baseFetch: typeof fetch, connectDeadlineMs: number): { entry: ClientEntry; reused: boolean } {
  let pool = pools.get(baseFetch);
  if (!pool) {
    pool = new Map();
    pools.set(baseFetch, pool);
  }
  const existing = pool.get(endpoint);
  if (existing && !existing.retired) {
    pool.delete(endpoint);
    pool.set(endpoint, existing);
    existing.users += 1;
    return { entry: existing, reused: true };
  }
  const entry = createEntry(endpoint, baseFetch, pool, connectDeadlineMs);
  pool.set(endpoint, entry);
  liveEntries.add(entry);
  if (pool.size > MAX_CLIENTS_PER_FETCH) {
    const oldest = pool.values().next();
    if (!oldest.done) retire(oldest.value);
  }
  entry.users += 1;
  return { entry, reused: false };
}

function createEntry(endpoint: string, baseFetch: typeof fetch, pool: Map<string, ClientEntry>, connectDeadlineMs: number): ClientEntry {
  const connectController = new AbortController();
  let failConnect: (error: unknown) => void = () => undefined;
  const connectFailed = new Promise<never>((_, reject) => {
    failConnect = reject;
  });
  connectFailed.catch(() => undefined);
  const connectScope: Scope = {
    signal: connectController.signal,
    fail: (error) => failConnect(error),
    sentMethod: undefined,
    requestSent: false,
    fetchError: undefined,
    answered: new Set(),
  };
  const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
    fetch: scopedFetch(baseFetch),
    // No resumption of broken event streams: a call either gets its answer on its own stream or fails.
    reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
  });
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const entry: ClientEntry = {
    key: endpoint,
    pool,
    client,
    transport,
    ready: Promise.resolve(),
    connectController,
    users: 0,
    retired: false,
  };
  client.onerror = (error) => scopes.getStore()?.fail(error);
  // Runs before the SDK's own handler (Protocol.connect chains it), in the scope of the call the message belongs to.
  transport.onmessage = (message) => {
    if ("id" in message && message.id !== undefined && ("result" in message || "error" in message)) {
      scopes.getStore()?.answered.add(message.id);
    }
  };
  client.onclose = () => retire(entry);

  const timer = setTimeout(() => connectController.abort(new DeadlineReached()), connectDeadlineMs);
  const connectAborted = new Promise<never>((_, reject) => {
    connectController.signal.addEventListener("abort", () => reject(connectController.signal.reason), { once: true });
  });
  connectAborted.catch(() => undefined);
  // No `signal` for the SDK here: it would keep listening and send a cancellation for initialize when the
  // entry closes. Our timer wins over the SDK's (given a second more); closing the client clears the SDK's.
  const connecting = scopes.run(connectScope, () =>
    Promise.race([client.connect(transport, { timeout: connectDeadlineMs + 1000 }), connectFailed, connectAborted]),
  );
  entry.ready = connecting
    .catch((error: unknown) => {
      if (connectController.signal.reason instanceof DeadlineReached) throw connectController.signal.reason;
      throw error instanceof GuardedFetchError ? error : (connectScope.fetchError ?? error);
    })
    .finally(() => clearTimeout(timer));
  entry.ready.catch(() => retire(entry));
  return entry;
}

function retire(entry: ClientEntry): void {
  if (!entry.retired) {
    entry.retired = true;
    if (entry.pool.get(entry.key) === entry) entry.pool.delete(entry.key);
  }
  if (entry.users === 0) closeEntry(entry);
}

function release(entry: ClientEntry): void {
  entry.users -= 1;
  if (entry.retired && entry.users === 0) closeEntry(entry);
}

function closeEntry(entry: ClientEntry): void {
  if (!liveEntries.delete(entry)) return;
  entry.connectController.abort(new OperationFinished());
  void entry.client.close().catch(() => undefined);
}

/** Closes the clients made with this fetch: one made for a single call (one carrying a header) leaves none behind. */
export async function closeAdapterClientsOf(baseFetch: typeof fetch): Promise<void> {
  const pool = pools.get(baseFetch);
  if (!pool) return;
  const all = [...pool.values()];
  pools.delete(baseFetch);
  for (const entry of all) {
    entry.retired = true;
    pool.delete(entry.key);
    liveEntries.delete(entry);
    entry.connectController.abort(new OperationFinished());
  }
  await Promise.all(all.map((e) => e.client.close().catch(() => undefined)));
}

/** Closes every cached client (tests, benchmarks, worker shutdown). */
export async function closeAdapterClients(): Promise<void> {
  const all = [...liveEntries];
  for (const entry of all) {
    entry.retired = true;
    if (entry.pool.get(entry.key) === entry) entry.pool.delete(entry.key);
    liveEntries.delete(entry);
    entry.connectController.abort(new OperationFinished());
  }
  await Promise.all(all.map((e) => e.client.close().catch(() => undefined)));
}

// ---------------------------------------------------------------------------------------------------------
// One bounded operation on a cached client.

type OperationResult<T> = { ok: true; value: T; durationMs: number } | { ok: false; failure: CallFailure; durationMs: number };

async function runOperation<T>(
  opts: { endpoint: string; fetch: typeof fetch; deadlineMs: number; signal?: AbortSignal },
  sentMethod: string,
  op: (client: Client, ctx: { remainingMs: number; signal: AbortSignal }) => Promise<T>,
): Promise<OperationResult<T>> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const remaining = () => Math.max(1, opts.deadlineMs - (performance.now() - started));

  try {
    new URL(opts.endpoint);
  } catch {
    return {
      ok: false,
      failure: { status: "failed", code: "bad_url", message: "The adapter's endpoint is not a valid URL.", requestSent: false },
      durationMs: 0,
    };
  }

  const controller = new AbortController();
  // Tells the SDK to give up on its request (it then sends notifications/cancelled); never aborted on success.
  const requestController = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineReached()), opts.deadlineMs);
  const onCallerAbort = () => controller.abort(new CallerCancelled());
  opts.signal?.addEventListener("abort", onCallerAbort, { once: true });
  if (opts.signal?.aborted) onCallerAbort();
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => {
      requestController.abort(controller.signal.reason);
      reject(controller.signal.reason);
    };
    if (controller.signal.aborted) onAbort();
    else controller.signal.addEventListener("abort", onAbort, { once: true });
  });
  aborted.catch(() => undefined);

  const scope: Scope = {
    signal: controller.signal,
    fail: () => undefined,
    sentMethod,
    requestSent: false,
    fetchError: undefined,
    answered: new Set(),
  };

  try {
    for (let attempt = 0; ; attempt += 1) {
      const failed = new Promise<never>((_, reject) => {
        scope.fail = reject;
      });
      failed.catch(() => undefined);
      scope.requestSent = false;
      scope.fetchError = undefined;
      const { entry, reused } = acquire(opts.endpoint, opts.fetch, remaining());
      try {
        await Promise.race([entry.ready, aborted]);
        const value = await scopes.run(scope, () =>
          Promise.race([op(entry.client, { remainingMs: remaining(), signal: requestController.signal }), failed, aborted]),
        );
        return { ok: true, value, durationMs: elapsed() };
      } catch (error) {
        const failure = describeFailure(error, scope, controller.signal, opts.deadlineMs);
        if (failure.status === "failed" && retiresClient(failure.code)) retire(entry);
        // A 404 on a reused session means the server forgot it; the spec says start a new session. The call was not executed.
        const sessionLost = reused && entry.transport.sessionId !== undefined && error instanceof StreamableHTTPError && error.code === 404;
        if (sessionLost && attempt === 0 && !controller.signal.aborted) continue;
        return { ok: false, failure, durationMs: elapsed() };
      } finally {
        release(entry);
      }
    }
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onCallerAbort);
    // Ends whatever this call left open (an event stream that never finishes), without touching other calls.
    if (!controller.signal.aborted) controller.abort(new OperationFinished());
  }
}

function retiresClient(code: CallFailureCode): boolean {
  return code !== "rate_limited" && code !== "rpc_error" && code !== "cancelled";
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function describeFailure(error: unknown, scope: Scope, signal: AbortSignal, deadlineMs: number): CallFailure {
  const requestSent = scope.requestSent;
  const reason: unknown = signal.aborted ? signal.reason : undefined;
  if (reason instanceof DeadlineReached || error instanceof DeadlineReached) {
    return { status: "timed_out", message: `The adapter did not answer within ${seconds(deadlineMs)}.`, requestSent };
  }
  if (reason instanceof CallerCancelled) {
    return { status: "failed", code: "cancelled", message: "The run was stopped before the adapter answered.", requestSent };
  }
  const fetchError = error instanceof GuardedFetchError ? error : scope.fetchError;
  if (fetchError) {
    return fetchError.code === "timeout"
      ? { status: "timed_out", message: fetchError.message, requestSent }
      : { status: "failed", code: fetchError.code, message: fetchError.message, requestSent };
  }
  if (error instanceof StreamableHTTPError) {
    const status = error.code ?? -1;
    if (status === 429) {
      return { status: "failed", code: "rate_limited", message: "The adapter is busy (HTTP 429, too many requests). Try again later.", requestSent };
    }
    if (status === -1) {
      return { status: "failed", code: "protocol_error", message: "The adapter answered with a content type MCP does not use.", requestSent };
    }
    const words =
      status >= 500
        ? `The adapter failed with an internal error (HTTP ${status}).`
        : status === 401 || status === 403
          ? `The adapter refused Explore's request (HTTP ${status}).`
          : status === 404
            ? "The adapter's endpoint was not found (HTTP 404)."
            : `The adapter answered with HTTP ${status}.`;
    return { status: "failed", code: "http_error", message: words, requestSent };
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return { status: "timed_out", message: `The adapter did not answer within ${seconds(deadlineMs)}.`, requestSent };
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return { status: "failed", code: "connection_lost", message: "The connection to the adapter closed before it answered.", requestSent };
    }
    return { status: "failed", code: "rpc_error", message: `The adapter refused the call: ${clip(error.message)}`, requestSent };
  }
  if (error instanceof StreamEndedEarly) {
    return { status: "failed", code: "connection_lost", message: "The adapter closed its event stream before answering.", requestSent };
  }
  if (error instanceof Error) {
    if (error instanceof SyntaxError || error.name === "ZodError" || error.name === "$ZodError") {
      return { status: "failed", code: "protocol_error", message: "The adapter's answer is not valid MCP: it is not well-formed JSON-RPC.", requestSent };
    }
    if (error.message.startsWith("Received a response for an unknown message ID")) {
      return {
        status: "failed",
        code: "protocol_error",
        message: "The adapter answered with the wrong JSON-RPC id (a response to a request Explore did not send).",
        requestSent,
      };
    }
    if (error.message.startsWith("SSE stream disconnected") || error.message.startsWith("Maximum reconnection attempts")) {
      return { status: "failed", code: "connection_lost", message: "The adapter closed its event stream before answering.", requestSent };
    }
    if (error.message.startsWith("Server's protocol version is not supported")) {
      return { status: "failed", code: "protocol_error", message: "The adapter speaks an MCP protocol version Explore does not support.", requestSent };
    }
    return { status: "failed", code: "protocol_error", message: `The adapter's answer could not be understood (${clip(error.message, 200)}).`, requestSent };
  }
  return { status: "failed", code: "protocol_error", message: "The adapter's answer could not be understood.", requestSent };
}

// ---------------------------------------------------------------------------------------------------------
// The public calls.

function textOf(content: ContentBlock[]): string {
  return content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n")
    .trim();
}

/** Calls one tool; every outcome, including every failure, is a value. */
export async function callTool(opts: CallToolOptions): Promise<ToolCallOutcome> {
  const { onProgress } = opts;
  const result = await runOperation(opts, "tools/call", (client, ctx) =>
    client.request({ method: "tools/call", params: { name: opts.tool, arguments: opts.arguments, _meta: opts.meta } }, CallToolResultSchema, {
      timeout: ctx.remainingMs,
      maxTotalTimeout: ctx.remainingMs,
      resetTimeoutOnProgress: false,
      signal: ctx.signal,
      onprogress: onProgress ? (p) => onProgress({ progress: p.progress, total: p.total, message: p.message }) : undefined,
    }),
  );
  if (!result.ok) return { ...result.failure, durationMs: result.durationMs };
  const answer = result.value;
  // Checked before the output schema, the fingerprint or the page walk it: none may overflow the stack.
  if (findTooDeep(answer) !== null) {
    const message = `The adapter's answer nests objects and lists more than ${MAX_JSON_DEPTH} levels deep; Explore does not show it.`;
    return { status: "failed", code: "protocol_error", message, requestSent: true, durationMs: result.durationMs };
  }
  if (answer.isError === true) {
    return {
      status: "tool_error",
      message: clip(textOf(answer.content), 2000) || "The tool reported an error without saying what it was.",
      structuredContent: answer.structuredContent,
      content: answer.content,
      durationMs: result.durationMs,
    };
  }
  return { status: "succeeded", structuredContent: answer.structuredContent, content: answer.content, durationMs: result.durationMs };
}

/** The adapter's tools (with their input and output schemas), all pages. */
export async function listTools(opts: ListToolsOptions): Promise<ListToolsOutcome> {
  const result = await runOperation(opts, "tools/list", async (client, ctx) => {
    const tools: Tool[] = [];
    const maxTools = opts.maxTools ?? Number.POSITIVE_INFINITY;
    let cursor: string | undefined;
    const started = performance.now();
    for (let page = 0; page < MAX_TOOL_PAGES && tools.length < maxTools; page += 1) {
      const left = Math.max(1, ctx.remainingMs - (performance.now() - started));
      const answer = await client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, ListToolsResultSchema, {
        timeout: left,
        signal: ctx.signal,
      });
      tools.push(...answer.tools);
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return { tools: tools.slice(0, maxTools), truncated: tools.length > maxTools || cursor !== undefined, serverInfo: client.getServerVersion() ?? null };
  });
  if (!result.ok) return { ...result.failure, durationMs: result.durationMs };
  return { status: "succeeded", ...result.value, durationMs: result.durationMs };
}
