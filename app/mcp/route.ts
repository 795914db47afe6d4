import { answerOptions, refuseGet, servePost } from "@/lib/edges/agent-mcp/streamable-http";
import { createAgentsMcpServer } from "@/lib/edges/agent-mcp/server";

// POST /mcp — Explore's MCP endpoint for agents (Streamable HTTP, stateless). Without a token it answers as a
// signed-out visitor; run_service needs a personal API token (Authorization: Bearer).

export function POST(request: Request): Promise<Response> {
  return servePost(request, { tokenRequired: false, realm: "Explore MCP", create: async (context) => createAgentsMcpServer(context) });
}

export const GET = refuseGet;
export const DELETE = refuseGet;
export const OPTIONS = answerOptions;
