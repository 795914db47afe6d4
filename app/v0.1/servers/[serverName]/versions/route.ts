import { handle, jsonResponse, optionsResponse } from "@/lib/edges/api/http";
import { registryError } from "@/lib/edges/registry-api/http";
import { findServerByParam } from "@/lib/edges/registry-api/lookup";

// Every version of one server: Explore serves each agent's current version only.

type Context = { params: Promise<{ serverName: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return handle(request, async () => {
    const found = await findServerByParam((await context.params).serverName, new URL(request.url).searchParams);
    if (!found.ok) return registryError(found.status, found.error);
    return jsonResponse(request, { servers: [found.server], metadata: { count: 1 } });
  });
}

export function OPTIONS(): Response {
  return optionsResponse();
}
