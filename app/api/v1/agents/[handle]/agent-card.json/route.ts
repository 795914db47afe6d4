import { handle, invalidParameters, jsonResponse, optionsResponse, problemResponse } from "@/lib/api/http";
import { findAgentCard } from "@/lib/formats/a2a-card/export";
import { handleFromParam } from "@/lib/listings/paths";

// An A2A agent card of the agent's visible services; its interface is Explore's A2A endpoint for the agent.

type Context = { params: Promise<{ handle: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return handle(request, async () => {
    const agentHandle = handleFromParam((await context.params).handle);
    if (!agentHandle) return invalidParameters(request, [{ parameter: "handle", message: "must be an agent handle such as @demo-homes" }]);
    const card = await findAgentCard(agentHandle);
    if (card === null) return problemResponse(request, 404, `There is no agent ${agentHandle}.`);
    return jsonResponse(request, card);
  });
}

export function OPTIONS(): Response {
  return optionsResponse();
}
