import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ServiceDetails } from "@/components/listings/service-details";
import { getViewer } from "@/lib/accounts/viewer";
import { capabilityIdFromParam, handleFromParam } from "@/lib/listings/paths";
import { findVisibleService } from "@/lib/listings/queries";

type Props = { params: Promise<{ handle: string; capabilityId: string }> };

async function load({ params }: Props) {
  const [viewer, raw] = await Promise.all([getViewer(), params]);
  const handle = handleFromParam(raw.handle);
  const capabilityId = capabilityIdFromParam(raw.capabilityId);
  return handle && capabilityId ? findVisibleService(viewer, handle, capabilityId) : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const service = await load(props);
  return service
    ? { title: `${service.name} by ${service.agent.displayName}`, description: service.summary }
    : { title: "Not found" };
}

export default async function ServicePage(props: Props) {
  const service = await load(props);
  if (!service) notFound();
  return <ServiceDetails service={service} />;
}
