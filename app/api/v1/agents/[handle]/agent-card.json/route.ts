import { A2A_VERSION_HEADER } from "@a2a-js/sdk";
import { handle, invalidParameters, jsonResponse, problemResponse } from "@/lib/edges/api/http";
import { cardOptionsResponse, findAgentCard, varyByVersion } from "@/lib/edges/api/a2a-card-export";
import { handleFromParam } from "@/lib/model/addresses/paths";

// An A2A agent card of the agent's visible services; its interface is Explore's A2A endpoint for the agent.
// In A2A 1.0's shape for a reader sending `A2A-Version: 1.0`, else in A2A 0.3's.

type Context = { params: Promise<{ handle: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return handle(request, async () => {
    const agentHandle = handleFromParam((await context.params).handle);
    if (!agentHandle) return invalidParameters(request, [{ parameter: "handle", message: "must be an agent handle such as @demo-homes" }]);
    const card = await findAgentCard(agentHandle, request.headers.get(A2A_VERSION_HEADER));
    if (card === null) return problemResponse(request, 404, `There is no agent ${agentHandle}.`);
    return varyByVersion(jsonResponse(request, card));
  });
}

export function OPTIONS(): Response {
  return cardOptionsResponse();
}
