import { handle, invalidParameters, jsonResponse, optionsResponse, problemResponse } from "@/lib/edges/api/http";
import { apiGa4ghEntry } from "@/lib/edges/api/ga4gh-export";
import { handleFromParam } from "@/lib/model/addresses/paths";

type Context = { params: Promise<{ handle: string }> };

/** The agent as a GA4GH registry agent entry (docs/api.md); anonymous, cached like the other reads. */
export async function GET(request: Request, context: Context): Promise<Response> {
  return handle(request, async () => {
    const agentHandle = handleFromParam((await context.params).handle);
    if (!agentHandle) return invalidParameters(request, [{ parameter: "handle", message: "must be an agent handle such as @demo-homes" }]);
    const exported = await apiGa4ghEntry(agentHandle);
    if (exported === null) return problemResponse(request, 404, `There is no agent ${agentHandle}.`);
    // An entry the registry (and Explore's own import) would refuse is never answered: what is missing, in words.
    if (!exported.ok) return problemResponse(request, 409, exported.missing);
    return jsonResponse(request, exported.entry);
  });
}

export function OPTIONS(): Response {
  return optionsResponse();
}
