import { answerOptions, jsonRpcError, refuseGet, servePost } from "@/lib/edges/agent-mcp/streamable-http";
import { findAgentWithListings } from "@/lib/model/catalog/queries";
import { createGatewayServer } from "@/lib/edges/agent-mcp/gateway/agent-server";
import { mayRunAgent } from "@/lib/edges/agent-mcp/gateway/token-scope";
import { MAX_ARGUMENTS_BYTES } from "@/lib/domain/runs/run-form-state";

// POST /mcp/agents/@handle — the gateway: an MCP client mounts one agent's services as tools and runs them as the
// owner of the personal API token it sends (Authorization: Bearer), through the same run path as the browser.

type Params = { params: Promise<{ handle: string }> };

export async function POST(request: Request, { params }: Params): Promise<Response> {
  const raw = decodeURIComponent((await params).handle);
  const handle = raw.startsWith("@") ? raw : `@${raw}`;
  return servePost(request, {
    tokenRequired: true,
    realm: "Explore gateway",
    maxBodyBytes: MAX_ARGUMENTS_BYTES + 16 * 1024,
    async create({ caller, canAsk, ask }) {
      if (!caller) throw new Error("servePost answers a request without a token");
      // The agent as the token's owner sees it: an agent they may not see is not there.
      const page = await findAgentWithListings(caller.viewer, handle);
      if (!page) return jsonRpcError(404, `There is no agent ${handle.slice(0, 80)} that this token's owner can see.`);
      if (!mayRunAgent(caller.grant, page.agent.handle))
        return jsonRpcError(403, `This token may run only the services of ${caller.grant.agentHandles.join(", ")}: its owner chose so on the token page.`);
      return createGatewayServer(caller, page.agent.handle, page.listings, { canAsk, ask });
    },
  });
}

export const GET = refuseGet;
export const DELETE = refuseGet;
export const OPTIONS = answerOptions;
