import { apiFindAgent } from "@/lib/edges/api/reads";
import { handle, invalidParameters, jsonResponse, optionsResponse, problemResponse } from "@/lib/edges/api/http";
import { handleFromParam } from "@/lib/model/addresses/paths";

type Context = { params: Promise<{ handle: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return handle(request, async () => {
    const agentHandle = handleFromParam((await context.params).handle);
    if (!agentHandle) return invalidParameters(request, [{ parameter: "handle", message: "must be an agent handle such as @demo-homes" }]);
    const agent = await apiFindAgent(agentHandle);
    if (!agent) return problemResponse(request, 404, `There is no agent ${agentHandle}.`);
    return jsonResponse(request, agent);
  });
}

export function OPTIONS(): Response {
  return optionsResponse();
}
