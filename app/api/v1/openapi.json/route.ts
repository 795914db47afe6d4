import { handle, jsonResponse, optionsResponse } from "@/lib/listings/api-http";
import { openApiDocument } from "@/lib/listings/openapi";
import { siteOrigin } from "@/lib/listings/site";

export async function GET(request: Request): Promise<Response> {
  return handle(request, async () => jsonResponse(request, openApiDocument(siteOrigin()), "application/vnd.oai.openapi+json"));
}

export function OPTIONS(): Response {
  return optionsResponse();
}
