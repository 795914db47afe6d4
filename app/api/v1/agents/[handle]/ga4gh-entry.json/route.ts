import { handle, invalidParameters, jsonResponse, optionsResponse, problemResponse } from "@/lib/api/http";
import { apiGa4ghEntry } from "@/lib/formats/ga4gh/export";
import { handleFromParam } from "@/lib/listings/paths";

type Context = { params: Promise<{ handle: string }> };

/** The agent as a GA4GH registry agent entry (docs/api.md); anonymous, cached like the other reads. */
export async function GET(request: Request, context: Context): Promise<Response> {
  return handle(request, async () => {
    const agentHandle = handleFromParam((await context.params).handle);
    if (!agentHandle) return invalidParameters(request, [{ parameter: "handle", message: "must be an agent handle such as @demo-homes" }]);
    const entry = await apiGa4ghEntry(agentHandle);
    if (entry === null) return problemResponse(request, 404, `There is no agent ${agentHandle}.`);
    return jsonResponse(request, entry);
  });
}

export function OPTIONS(): Response {
  return optionsResponse();
}
