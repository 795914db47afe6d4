import { servicesQuerySchema, parseQuery } from "@/lib/edges/api/schemas";
import { apiSearchServices } from "@/lib/edges/api/reads";
import { handle, invalidParameters, jsonResponse, optionsResponse } from "@/lib/edges/api/http";

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
