import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { isForeignRequest } from "@/lib/agent-mcp/request-origin";
import { createAgentsMcpServer } from "@/lib/agent-mcp/server";
import { readBodyWithin } from "@/lib/http/body-limit";
import { clientAddress } from "@/lib/http/client-address";
import { log } from "@/lib/log";
import { consume } from "@/lib/rate-limits/rate-limit";

// POST /mcp — Explore's MCP endpoint for agents (Streamable HTTP, stateless: each request gets a server of its
// own and a JSON answer, so any instance answers any request). Anonymous: no cookie or token is read.

const CORS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id",
  "Access-Control-Expose-Headers": "Mcp-Session-Id, Retry-After",
  "Access-Control-Max-Age": "86400",
};

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}, code: number = -32000): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers: { ...CORS, "Cache-Control": "no-store", ...headers } });
}

// DNS rebinding: a page of another site, or a name that resolves to this server without being its name.
function refusedOrigin(): Response {
  return jsonRpcError(403, "Explore's MCP endpoint does not answer for this Host or Origin: call it at Explore's own address; web pages of other sites may not call it.");
}

export async function POST(request: Request): Promise<Response> {
  if (isForeignRequest(request)) return refusedOrigin();
  const address = clientAddress(request.headers);
  const limit = await consume("mcp", address);
  if (!limit.ok) return jsonRpcError(429, limit.message, { "Retry-After": String(limit.retryAfterSeconds) });
  // Read here, within the limit whatever the request declares (a chunked body has no Content-Length).
  const body = await readBodyWithin(request);
  if (!body.ok) return jsonRpcError(413, await body.response.text());
  let message: unknown;
  try {
    message = JSON.parse(new TextDecoder().decode(body.bytes));
  } catch {
    return jsonRpcError(400, "The body is not JSON: send one JSON-RPC message.", {}, ErrorCode.ParseError);
  }
  // Batches left MCP in 2025-06-18; refusing them also keeps the rate limit at one call per request.
  if (Array.isArray(message)) {
    return jsonRpcError(400, "Explore's MCP endpoint takes one JSON-RPC message per request (MCP has no batches since 2025-06-18): send each call on its own.", {}, ErrorCode.InvalidRequest);
  }
  const server = createAgentsMcpServer({ clientKey: address });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: message });
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(CORS)) headers.set(name, value);
    headers.set("Cache-Control", "no-store");
    // The JSON answer is complete here: the body is read before the server is closed.
    const answer = await response.arrayBuffer();
    return new Response(answer.byteLength > 0 ? answer : null, { status: response.status, headers });
  } catch (error) {
    log.error("mcp: the request failed", { error });
    return jsonRpcError(500, "The request could not be answered just now; try again later.");
  } finally {
    await transport.close();
    await server.close();
  }
}

// Stateless: there is no stream to open (GET) and no session to end (DELETE).
export function GET(request: Request): Response {
  if (isForeignRequest(request)) return refusedOrigin();
  return jsonRpcError(405, "Explore's MCP endpoint is stateless: POST JSON-RPC messages to it.", { Allow: "POST, OPTIONS" });
}

export const DELETE = GET;

export function OPTIONS(request: Request): Response {
  if (isForeignRequest(request)) return refusedOrigin();
  return new Response(null, { status: 204, headers: CORS });
}
