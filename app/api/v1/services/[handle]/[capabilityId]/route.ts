import { apiFindService } from "@/lib/edges/api/reads";
import { handle, invalidParameters, jsonResponse, optionsResponse, problemResponse } from "@/lib/edges/api/http";
import { capabilityIdFromParam, handleFromParam } from "@/lib/model/addresses/paths";

type Context = { params: Promise<{ handle: string; capabilityId: string }> };

export async function GET(request: Request, context: Context): Promise<Response> {
  return handle(request, async () => {
    const raw = await context.params;
    const agentHandle = handleFromParam(raw.handle);
    const capabilityId = capabilityIdFromParam(raw.capabilityId);
    if (!agentHandle) return invalidParameters(request, [{ parameter: "handle", message: "must be an agent handle such as @demo-homes" }]);
    if (!capabilityId) return invalidParameters(request, [{ parameter: "capability_id", message: "must be a capability ID such as cap_search_homes" }]);
    const service = await apiFindService(agentHandle, capabilityId);
    if (!service) return problemResponse(request, 404, `There is no service ${capabilityId} of ${agentHandle}.`);
    return jsonResponse(request, service);
  });
}

export function OPTIONS(): Response {
  return optionsResponse();
}
