import { after } from "next/server";
import { handleA2ARequest } from "@/lib/edges/a2a-endpoint/handle-request";

// POST /a2a — Explore's own A2A endpoint, which its agent card (/.well-known/agent-card.json) names: a message
// in words finds services; a data part {agent, skill, arguments} runs one, with a personal API token (docs/api.md).

const NO_STORE = { "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" };

export async function POST(request: Request): Promise<Response> {
  return handleA2ARequest(request, null, { afterAnswer: (task) => after(task) });
}

export function GET(): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "POST JSON-RPC requests here (message/send); the agent card is at /.well-known/agent-card.json." },
    },
    { status: 405, headers: { ...NO_STORE, Allow: "POST, OPTIONS" } },
  );
}

export function OPTIONS(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Allow-Methods": "POST, OPTIONS",
      "Access-Control-Allow-Headers": "Content-Type, Authorization, A2A-Version, A2A-Extensions, X-A2A-Extensions",
      "Access-Control-Max-Age": "86400",
    },
  });
}
