import { handle, jsonResponse, optionsResponse } from "@/lib/edges/api/http";
import { openApiDocument } from "@/lib/edges/api/openapi";
import { siteOrigin } from "@/lib/foundations/site/origin";

export async function GET(request: Request): Promise<Response> {
  return handle(request, async () => jsonResponse(request, openApiDocument(siteOrigin()), "application/vnd.oai.openapi+json"));
}

export function OPTIONS(): Response {
  return optionsResponse();
}
