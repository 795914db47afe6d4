import { handle, jsonResponse, optionsResponse } from "@/lib/edges/api/http";
import { registryError } from "@/lib/edges/registry-api/http";
import { findServerByParam, findVersion } from "@/lib/edges/registry-api/lookup";

// One version of one server, or `latest`.

type Context = { params: Promise<{ serverName: string; version: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return handle(request, async () => {
    const params = await context.params;
    const found = await findServerByParam(params.serverName, new URL(request.url).searchParams);
    if (!found.ok) return registryError(found.status, found.error);
    const version = findVersion(found.server, params.version);
    if (!version.ok) return registryError(version.status, version.error);
    return jsonResponse(request, version.server);
  });
}

export function OPTIONS(): Response {
  return optionsResponse();
}
