import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { createAgentsMcpServer } from "@/lib/agent-mcp/server";
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

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status, headers: { ...CORS, "Cache-Control": "no-store", ...headers } });
}

export async function POST(request: Request): Promise<Response> {
  const address = clientAddress(request.headers);
  const limit = await consume("mcp", address);
  if (!limit.ok) return jsonRpcError(429, limit.message, { "Retry-After": String(limit.retryAfterSeconds) });
  const server = createAgentsMcpServer({ clientKey: address });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request);
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(CORS)) headers.set(name, value);
    headers.set("Cache-Control", "no-store");
    // The JSON answer is complete here: the body is read before the server is closed.
    const body = await response.arrayBuffer();
    return new Response(body.byteLength > 0 ? body : null, { status: response.status, headers });
  } catch (error) {
    log.error("mcp: the request failed", { error });
    return jsonRpcError(500, "The request could not be answered just now; try again later.");
  } finally {
    await transport.close();
    await server.close();
  }
}

// Stateless: there is no stream to open (GET) and no session to end (DELETE).
export function GET(): Response {
  return jsonRpcError(405, "Explore's MCP endpoint is stateless: POST JSON-RPC messages to it.", { Allow: "POST, OPTIONS" });
}

export const DELETE = GET;

export function OPTIONS(): Response {
  return new Response(null, { status: 204, headers: CORS });
}
