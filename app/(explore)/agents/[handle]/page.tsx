import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AgentProfileCard } from "@/components/listings/agent-profile";
import { JsonLd } from "@/components/listings/json-ld";
import { isOwnPreview, PreviewBanner } from "@/components/listings/preview-banner";
import { ServiceList } from "@/components/listings/service-card";
import { ReportAgentServices } from "@/components/moderation/report-link";
import { getViewer } from "@/lib/model/accounts/viewer";
import { agentPath, handleFromParam } from "@/lib/model/addresses/paths";
import { findAgentWithListings } from "@/lib/model/catalog/queries";
import { hydrateCards } from "@/lib/domain/listings/cards";
import { agentJsonLd } from "@/lib/edges/seo/structured-data";
import { RegistryRecordPanel } from "@/components/registry/registry-record-panel";
import { findRegistryRecord } from "@/lib/domain/registry/records";
import { registryDashboardPath } from "@/lib/domain/registry/paths";

type Props = { params: Promise<{ handle: string }> };

async function load({ params }: Props) {
  const [viewer, { handle: param }] = await Promise.all([getViewer(), params]);
  const handle = handleFromParam(param);
  if (!handle) return null;
  const found = await findAgentWithListings(viewer, handle);
  return found ? { ...found, viewer } : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await load(props);
  if (!page) return { title: "Not found", robots: { index: false } };
  const { agent, isPublic } = page;
  const title = `${agent.displayName} (${agent.handle})`;
  return {
    title,
    description: agent.purpose,
    alternates: { canonical: agentPath(agent.handle) },
    ...(isPublic ? { openGraph: { title, description: agent.purpose, type: "profile" } } : { robots: { index: false, follow: false } }),
  };
}

export default async function AgentPage(props: Props) {
  const page = await load(props);
  if (!page) notFound();
  const { agent, listings, isPublic, viewer } = page;
  // The agent was found through the visibility rule; its registry record (if any) is shown with it.
  const registry = await findRegistryRecord(agent.rowId);
  const cards = await hydrateCards(viewer, listings);

  return (
    <div className="flex flex-col gap-8">
      <PreviewBanner show={isOwnPreview(viewer?.id ?? null, agent)} />
      {/* Only what a signed-out visitor sees is described to search engines. */}
      {isPublic ? (
        <JsonLd
          data={agentJsonLd(
            agent,
            listings.filter((l) => l.isPublic),
          )}
        />
      ) : null}
      <AgentProfileCard
        agent={agent}
        actions={<ReportAgentServices handle={agent.handle} services={listings.map((l) => ({ capabilityId: l.capabilityId, name: l.name }))} />}
      />
      {registry ? (
        <RegistryRecordPanel record={registry} now={new Date()} manageHref={viewer?.id === agent.ownerId ? registryDashboardPath(agent.handle) : undefined} />
      ) : null}
      <section aria-labelledby="agent-services" className="flex flex-col gap-4">
        <h2 id="agent-services" className="text-lg font-semibold">
          Services
        </h2>
        {listings.length === 0 ? <p>This agent offers no services on Explore right now.</p> : <ServiceList services={cards} showAgent={false} />}
      </section>
    </div>
  );
}
