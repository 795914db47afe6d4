import { servicesQuerySchema, parseQuery } from "@/lib/listings/api-schemas";
import { apiSearchServices } from "@/lib/listings/api";
import { handle, invalidParameters, jsonResponse, optionsResponse } from "@/lib/listings/api-http";

export async function GET(request: Request): Promise<Response> {
  return handle(request, async () => {
    const parsed = parseQuery(servicesQuerySchema, new URL(request.url).searchParams);
    if (!parsed.ok) return invalidParameters(request, parsed.errors);
    return jsonResponse(request, await apiSearchServices(parsed.data));
  });
}

export function OPTIONS(): Response {
  return optionsResponse();
}
