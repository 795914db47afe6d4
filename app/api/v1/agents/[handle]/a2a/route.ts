import { after } from "next/server";
import { handleA2ARequest } from "@/lib/edges/a2a-endpoint/handle-request";
import { handleFromParam } from "@/lib/model/addresses/paths";

// POST /api/v1/agents/{handle}/a2a — the A2A endpoint an exported agent card names (docs/api.md).

type Context = { params: Promise<{ handle: string }> };

const NO_STORE = { "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" };

export async function POST(request: Request, context: Context): Promise<Response> {
  const handle = handleFromParam((await context.params).handle);
  if (!handle)
    return Response.json({ jsonrpc: "2.0", id: null, error: { code: -32001, message: "There is no such agent." } }, { status: 404, headers: NO_STORE });
  return handleA2ARequest(request, handle, { afterAnswer: (task) => after(task) });
}

export function GET(): Response {
  return Response.json(
    { jsonrpc: "2.0", id: null, error: { code: -32600, message: "POST JSON-RPC requests here (message/send); the agent card is at agent-card.json." } },
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
