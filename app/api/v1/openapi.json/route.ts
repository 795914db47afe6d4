import { handle, jsonResponse, optionsResponse } from "@/lib/api/http";
import { openApiDocument } from "@/lib/api/openapi";
import { siteOrigin } from "@/lib/listings/site";

export async function GET(request: Request): Promise<Response> {
  return handle(request, async () => jsonResponse(request, openApiDocument(siteOrigin()), "application/vnd.oai.openapi+json"));
}

export function OPTIONS(): Response {
  return optionsResponse();
}
