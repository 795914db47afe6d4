import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AgentProfileCard } from "@/components/listings/agent-profile";
import { ServiceList } from "@/components/listings/service-card";
import { getViewer } from "@/lib/accounts/viewer";
import { handleFromParam } from "@/lib/listings/paths";
import { findVisibleAgent } from "@/lib/listings/queries";

type Props = { params: Promise<{ handle: string }> };

async function load({ params }: Props) {
  const [viewer, { handle: param }] = await Promise.all([getViewer(), params]);
  const handle = handleFromParam(param);
  return handle ? findVisibleAgent(viewer, handle) : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const agent = await load(props);
  return agent ? { title: `${agent.displayName} (${agent.handle})`, description: agent.purpose } : { title: "Not found" };
}

export default async function AgentPage(props: Props) {
  const agent = await load(props);
  if (!agent) notFound();

  return (
    <div className="flex flex-col gap-8">
      <AgentProfileCard agent={agent} />
      <section aria-labelledby="agent-services" className="flex flex-col gap-4">
        <h2 id="agent-services" className="text-lg font-semibold">
          Services
        </h2>
        {agent.services.length === 0 ? (
          <p>This agent offers no services on Explore right now.</p>
        ) : (
          <ServiceList services={agent.services} showAgent={false} />
        )}
      </section>
    </div>
  );
}
