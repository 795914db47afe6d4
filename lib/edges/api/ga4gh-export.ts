import "server-only";
import { findAgentWithListings } from "@/lib/model/catalog/queries";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { agentPath } from "@/lib/model/addresses/paths";
import { findRegistryRecord } from "@/lib/domain/registry/records";
import { findStatedMaintainers } from "@/lib/model/catalog/api-reads";
import { agentToGa4ghEntry, type Ga4ghExport } from "@/lib/domain/formats/ga4gh/from-agent";
import { storedMaintainers } from "@/lib/domain/formats/ga4gh/maintainers";

/**
 * GET /api/v1/agents/{handle}/ga4gh-entry.json: the agent and the services a signed-out visitor may see
 * (the one visibility rule, through the catalog's read), as a GA4GH registry agent entry, or in words what
 * the entry still lacks. Null: no such agent.
 */
export async function apiGa4ghEntry(handle: string): Promise<Ga4ghExport | null> {
  const page = await findAgentWithListings(null, handle);
  if (!page) return null;
  const { agent, listings } = page;
  const [record, stated] = await Promise.all([findRegistryRecord(agent.rowId), findStatedMaintainers(agent.rowId)]);
  return agentToGa4ghEntry(
    {
      handle: agent.handle,
      displayName: agent.displayName,
      purpose: agent.purpose,
      interests: agent.interests,
      website: agent.website,
      termsUrl: agent.terms?.url ?? null,
      publishedAt: agent.publishedAt,
      updatedAt: agent.updatedAt,
      maintainers: storedMaintainers(stated),
    },
    listings.map((l) => ({ capabilityId: l.capabilityId, name: l.name, class: l.class, version: l.version })),
    record,
    { agentPage: absoluteUrl(agentPath(agent.handle)), agentApi: absoluteUrl(`/api/v1/agents/${agent.handle}`) },
  );
}
