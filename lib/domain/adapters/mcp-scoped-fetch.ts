import { AsyncLocalStorage } from "node:async_hooks";
import { StreamEndedEarly } from "./mcp-call-failure";
import { GuardedFetchError } from "./guarded-fetch";

// The fetch wrapper: the call's signal, "request sent" bookkeeping, errors recorded for the classifier.

type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface Scope {
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

export const scopes = new AsyncLocalStorage<Scope>();

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

export function scopedFetch(base: typeof fetch): FetchLike {
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
