import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { bearerToken, grantOfApiToken } from "@/lib/domain/api-tokens/tokens";
import type { TokenCaller } from "@/lib/edges/agent-mcp/gateway/run";
import { readBodyWithin } from "@/lib/foundations/http/body-limit";
import { DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailableHeaders, isDatabaseUnavailable } from "@/lib/foundations/db/unavailable";
import { clientAddress } from "@/lib/foundations/http/client-address";
import { log } from "@/lib/foundations/log";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { askOverStream, declaresElicitation, elicitingSessionId, sessionCanAsk, takeAnswer, type AskPerson } from "./elicitation";
import { isForeignRequest } from "./request-origin";

// Explore's MCP endpoints over Streamable HTTP, stateless: each request gets a server of its own, so any instance
// answers any request. /mcp (find, the network, run_service) and the gateway's /mcp/agents/@handle share this.
// A call that asks for progress (a progressToken) is answered as an event stream, so the progress notifications
// of a long run reach the client before its result; so is every call of a client that can ask its person to
// confirm (elicitation.ts), so the question can go out before the result. Everything else is one JSON answer.

const CORS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Accept, Authorization, Mcp-Protocol-Version, Mcp-Session-Id",
  "Access-Control-Expose-Headers": "Mcp-Session-Id, Retry-After, WWW-Authenticate",
  "Access-Control-Max-Age": "86400",
};

export function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}, code: number = -32000): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers: { ...CORS, "Cache-Control": "no-store", ...headers } });
}

// DNS rebinding: a page of another site, or a name that resolves to this server without being its name.
function refusedOrigin(): Response {
  return jsonRpcError(
    403,
    "Explore's MCP endpoint does not answer for this Host or Origin: call it at Explore's own address; web pages of other sites may not call it.",
  );
}

export const TOKEN_REFUSED = "Unauthorized: send a live Explore API token as Authorization: Bearer <token> (make one in Explore's settings, /settings).";

export function unauthorized(realm: string): Response {
  return jsonRpcError(401, TOKEN_REFUSED, { "WWW-Authenticate": `Bearer realm="${realm}"` });
}

/** Whether a JSON-RPC message asks for progress notifications (tools/call with _meta.progressToken). */
function wantsProgress(message: unknown): boolean {
  if (typeof message !== "object" || message === null || !("params" in message)) return false;
  const params = message.params;
  const meta = typeof params === "object" && params !== null && "_meta" in params ? params._meta : undefined;
  return typeof meta === "object" && meta !== null && "progressToken" in meta;
}

/**
 * Who asks; whether the caller's client can ask its person (it declared MCP elicitation), and, in a tools/call, how a
 * tool asks them.
 */
export type McpRequest = { clientKey: string; caller: TokenCaller | null; canAsk: boolean; ask: AskPerson | null };

function isToolsCall(message: unknown): message is { id: string | number; method: "tools/call" } {
  return typeof message === "object" && message !== null && "method" in message && message.method === "tools/call" && "id" in message;
}

export type ServeOptions = {
  /** Whether a request without a token is refused (401) rather than answered as a signed-out visitor. */
  tokenRequired: boolean;
  realm: string;
  /** The most a request may carry, in bytes (default: the site's limit). */
  maxBodyBytes?: number;
  /** The server for this request, or a Response when there is none to answer it (an unknown agent). */
  create: (request: McpRequest) => Promise<McpServer | Response>;
};

/** Answers one POST; the token's read, the agent's and the limits' may meet the database gone (503, in words). */
export async function servePost(request: Request, options: ServeOptions): Promise<Response> {
  try {
    return await answerPost(request, options);
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      log.warn("mcp: the database cannot be reached", { error });
      return jsonRpcError(503, DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailableHeaders());
    }
    log.error("mcp: the request failed", { error });
    return jsonRpcError(500, "The request could not be answered just now; try again later.");
  }
}

async function answerPost(request: Request, options: ServeOptions): Promise<Response> {
  if (isForeignRequest(request)) return refusedOrigin();
  const address = clientAddress(request.headers);
  // Counted per address before a token is looked at, so tokens cannot be guessed at speed.
  const limit = await consume("mcp", address);
  if (!limit.ok) return jsonRpcError(429, limit.message, { "Retry-After": String(limit.retryAfterSeconds) });
  const token = bearerToken(request.headers.get("authorization"));
  // A token sent is the caller's word that they act as its owner: one that is not live is refused, never read as none.
  const caller = token === null ? null : await grantOfApiToken(token);
  if ((token !== null && !caller) || (options.tokenRequired && !caller)) return unauthorized(options.realm);
  // Read here, within the limit whatever the request declares (a chunked body has no Content-Length).
  const body = await readBodyWithin(request, options.maxBodyBytes);
  if (!body.ok) return jsonRpcError(413, await body.response.text());
  let message: unknown;
  try {
    message = JSON.parse(new TextDecoder().decode(body.bytes));
  } catch {
    return jsonRpcError(400, "The body is not JSON: send one JSON-RPC message.", {}, ErrorCode.ParseError);
  }
  // Batches left MCP in 2025-06-18; refusing them also keeps the rate limit at one call per request.
  if (Array.isArray(message)) {
    return jsonRpcError(
      400,
      "Explore's MCP endpoint takes one JSON-RPC message per request (MCP has no batches since 2025-06-18): send each call on its own.",
      {},
      ErrorCode.InvalidRequest,
    );
  }
  // A person's answer to a question a tool of this process asked (elicitation.ts): nothing more to run.
  if (caller && takeAnswer(message, caller.grant.tokenId)) return new Response(null, { status: 202, headers: { ...CORS, "Cache-Control": "no-store" } });
  const tokenId = caller?.grant.tokenId ?? null;
  const callId = isToolsCall(message) ? message.id : null;
  const canAsk = tokenId !== null && sessionCanAsk(request.headers.get("mcp-session-id"), tokenId);
  const streamed = wantsProgress(message) || (canAsk && callId !== null);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !streamed });
  const ask: AskPerson | null =
    canAsk && tokenId !== null && callId !== null
      ? (question) => askOverStream((m) => transport.send(m as never, { relatedRequestId: callId }), tokenId, question)
      : null;
  const created = await options.create({ clientKey: address, caller, canAsk, ask });
  if (created instanceof Response) return created;
  const server = created;
  const close = async () => {
    await transport.close();
    await server.close();
  };
  let closeLater = false;
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: message });
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(CORS)) headers.set(name, value);
    if (tokenId !== null && response.ok && declaresElicitation(message)) headers.set("Mcp-Session-Id", elicitingSessionId(tokenId));
    headers.set("Cache-Control", "no-store");
    if (streamed && response.body) {
      // The stream ends after the call's result; the server is closed then, not before.
      closeLater = true;
      const reader = response.body.getReader();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            await close();
          } else controller.enqueue(value);
        },
        async cancel() {
          await reader.cancel();
          await close();
        },
      });
      return new Response(body, { status: response.status, headers });
    }
    // The JSON answer is complete here: the body is read before the server is closed.
    const answer = await response.arrayBuffer();
    return new Response(answer.byteLength > 0 ? answer : null, { status: response.status, headers });
  } catch (error) {
    log.error("mcp: the request failed", { error });
    return jsonRpcError(500, "The request could not be answered just now; try again later.");
  } finally {
    if (!closeLater) await close();
  }
}

// Stateless: there is no stream to open (GET) and no session to end (DELETE).
export function refuseGet(request: Request): Response {
  if (isForeignRequest(request)) return refusedOrigin();
  return jsonRpcError(405, "Explore's MCP endpoints are stateless: POST JSON-RPC messages to them.", { Allow: "POST, OPTIONS" });
}

export function answerOptions(request: Request): Response {
  if (isForeignRequest(request)) return refusedOrigin();
  return new Response(null, { status: 204, headers: CORS });
}
