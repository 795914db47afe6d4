import { A2A_VERSION_HEADER } from "@a2a-js/sdk";
import { handle, jsonResponse } from "@/lib/edges/api/http";
import { exploreCardModel } from "@/lib/domain/formats/a2a-card/explore-card";
import { cardOptionsResponse, varyByVersion } from "@/lib/edges/api/a2a-card-export";
import { cardJson } from "@/lib/domain/formats/a2a-card/versions";
import { siteOrigin } from "@/lib/foundations/site/origin";

// Explore's own A2A agent card, where A2A clients look for it by default (docs/api.md). The same for
// everyone asking for the same A2A version: public, cached and readable from any origin.

export async function GET(request: Request): Promise<Response> {
  return handle(request, async () => varyByVersion(jsonResponse(request, cardJson(exploreCardModel(siteOrigin()), request.headers.get(A2A_VERSION_HEADER)))));
}

export function OPTIONS(): Response {
  return cardOptionsResponse();
}
