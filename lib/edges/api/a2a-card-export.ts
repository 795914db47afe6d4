import "server-only";
import { corsHeaders } from "@/lib/edges/api/http";
import { findAgentWithListings } from "@/lib/model/catalog/queries";
import { siteOrigin } from "@/lib/foundations/site/origin";
import { agentCardOf } from "@/lib/domain/formats/a2a-card/from-catalog";

// GET /api/v1/agents/{handle}/agent-card.json reads as a signed-out visitor, like the rest of the public API:
// the same answer for everyone asking for the same A2A version (so it is cached publicly), never an 18+,
// unpublished or suspended service.

export async function findAgentCard(handle: string, requestedVersion: string | null): Promise<Record<string, unknown> | null> {
  const page = await findAgentWithListings(null, handle);
  return page ? agentCardOf(page.agent, page.listings, siteOrigin(), requestedVersion) : null;
}

/** A card's answer varies with the A2A version asked for, so HTTP caches keep one per version. */
export function varyByVersion(response: Response): Response {
  response.headers.set("Vary", "Accept-Encoding, A2A-Version");
  return response;
}

/** The CORS preflight of a card: a reader in a browser may send A2A-Version. */
export function cardOptionsResponse(): Response {
  return new Response(null, { status: 204, headers: { ...corsHeaders, "Access-Control-Allow-Headers": "If-None-Match, A2A-Version" } });
}
