import "server-only";
import { findAgentWithListings } from "@/lib/catalog/queries";
import { siteOrigin } from "@/lib/listings/site";
import { agentCardOf } from "./from-catalog";

// GET /api/v1/agents/{handle}/agent-card.json reads as a signed-out visitor, like the rest of the public API:
// the same answer for everyone (so it is cached publicly), never an 18+, unpublished or suspended service.

export async function findAgentCard(handle: string): Promise<Record<string, unknown> | null> {
  const page = await findAgentWithListings(null, handle);
  return page ? agentCardOf(page.agent, page.listings, siteOrigin()) : null;
}
