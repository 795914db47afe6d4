import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { GuardedFetchError, type GuardedFetchErrorCode } from "./guarded-fetch";

// How an MCP call to an adapter failed, in a plain sentence: the classifier behind every failure value
// that callTool and listTools return.

export type CallFailureCode = GuardedFetchErrorCode | "http_error" | "rate_limited" | "protocol_error" | "rpc_error" | "cancelled";

export type CallFailure =
  { status: "failed"; code: CallFailureCode; message: string; requestSent: boolean } | { status: "timed_out"; message: string; requestSent: boolean };

export class DeadlineReached extends Error {}
export class CallerCancelled extends Error {}
export class OperationFinished extends Error {}
export class StreamEndedEarly extends Error {}

/** What a call's scope saw on the wire, which the error alone may not say. */
interface Observed {
  requestSent: boolean;
  fetchError: GuardedFetchError | undefined;
}

export function retiresClient(code: CallFailureCode): boolean {
  return code !== "rate_limited" && code !== "rpc_error" && code !== "cancelled";
}

export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

export function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function describeFailure(error: unknown, scope: Observed, signal: AbortSignal, deadlineMs: number): CallFailure {
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
