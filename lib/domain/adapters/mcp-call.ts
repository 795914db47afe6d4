import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema, ListToolsResultSchema, type ContentBlock, type Implementation, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { acquire, release, retire } from "./mcp-client-pool";
import { CallerCancelled, clip, DeadlineReached, describeFailure, OperationFinished, retiresClient, type CallFailure } from "./mcp-call-failure";
import { scopes, type Scope } from "./mcp-scoped-fetch";
import { findTooDeep, MAX_JSON_DEPTH } from "@/lib/model/agent-file/json-limits";

// Calls a publisher's MCP tool over Streamable HTTP with the SDK client, through the fetch it is given
// (in Explore: the guarded fetch). Every failure becomes a value with a plain sentence; nothing throws.
//
// Clients are cached per (fetch, endpoint): initialise once, reuse, drop on a transport or protocol failure.
// The SDK's transport aborts its HTTP requests with one transport-wide signal, so to bound ONE call on a
// shared client, each operation runs in an AsyncLocalStorage scope and the fetch wrapper (mcp-scoped-fetch.ts)
// gives that call's requests (and their response streams) the call's own signal. The same scope lets errors
// the SDK only reports through `onerror` (a response with the wrong id, a broken event stream) end the call
// at once instead of at its deadline.

export type { ContentBlock, Implementation, Tool };
export type { CallFailure, CallFailureCode } from "./mcp-call-failure";

export type ToolCallOutcome =
  | { status: "succeeded"; structuredContent?: unknown; content: ContentBlock[]; durationMs: number }
  // structuredContent is kept for conventions carried in it (lib/domain/payments/payment-required.ts); the SDK checks
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

const MAX_TOOL_PAGES = 20;

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
