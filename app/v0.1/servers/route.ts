import { handle, jsonResponse, optionsResponse } from "@/lib/edges/api/http";
import { registryError } from "@/lib/edges/registry-api/http";
import { parseListQuery } from "@/lib/edges/registry-api/query";
import { listServers } from "@/lib/edges/registry-api/servers";

// The MCP Registry API's list of servers: Explore's agents a signed-out visitor sees (docs/api.md).

export async function GET(request: Request): Promise<Response> {
  return handle(request, async () => {
    const query = parseListQuery(new URL(request.url).searchParams);
    if (!query.ok) return registryError(400, query.error);
    return jsonResponse(request, await listServers(query.value));
  });
}

export function OPTIONS(): Response {
  return optionsResponse();
}
