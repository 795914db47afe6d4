import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { JsonLd } from "@/components/listings/json-ld";
import { ServiceDetails } from "@/components/listings/service-details";
import { getViewer } from "@/lib/model/accounts/viewer";
import { capabilityIdFromParam, handleFromParam, servicePath } from "@/lib/model/addresses/paths";
import { NEUTRAL_SHARE_IMAGE, SHARE_IMAGE_SIZE, shareImagePath } from "@/lib/edges/seo/share-image";
import { findAgentWithListings, findListing } from "@/lib/model/catalog/queries";
import { serviceJsonLd } from "@/lib/edges/seo/structured-data";
import { listingPrivacyMetadata } from "@/lib/edges/seo/listing-metadata";
import { MyDataRuleChecks } from "@/components/data-rules/data-rule-checks";
import { ReportLink } from "@/components/moderation/report-link";
import { SuspensionNotice } from "@/components/moderation/suspension-notice";
import { isOwnPreview, PreviewBanner } from "@/components/listings/preview-banner";
import { ChangeNotice, ServiceChangeLog } from "@/components/listings/service-changes";
import { UseFromAgent } from "@/components/listings/use-from-agent";
import { RunPanel } from "@/components/run/run-panel";
import { agentSnippets } from "@/lib/domain/listings/agent-snippets";
import { siteOrigin } from "@/lib/foundations/site/origin";

type Props = {
  params: Promise<{ handle: string; capabilityId: string }>;
  searchParams: Promise<{ rules?: string | string[] }>;
};

async function load({ params }: Props) {
  const [viewer, raw] = await Promise.all([getViewer(), params]);
  const handle = handleFromParam(raw.handle);
  const capabilityId = capabilityIdFromParam(raw.capabilityId);
  if (!handle || !capabilityId) return null;
  const [service, agent] = await Promise.all([findListing(viewer, handle, capabilityId), findAgentWithListings(viewer, handle)]);
  if (!service) return null;
  // Only public pages (visible when signed out) are indexed and shared.
  return { service, agent, viewer, isPublic: service.isPublic };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const page = await load(props);
  if (!page) return { title: "Not found", robots: { index: false } };
  const { service, isPublic } = page;
  const title = `${service.name} by ${service.agent.displayName}`;
  return {
    title,
    description: service.summary,
    alternates: { canonical: servicePath(service.agent.handle, service.capabilityId) },
    ...(isPublic
      ? {
          openGraph: {
            title,
            description: service.summary,
            type: "website",
            images: [{ url: shareImagePath(service.agent.handle, service.capabilityId), ...SHARE_IMAGE_SIZE }],
          },
          twitter: { card: "summary_large_image" },
        }
      : // Pages a signed-out visitor cannot see get a neutral share image, never their own.
        { robots: { index: false, follow: false }, openGraph: { title: "Explore", images: [{ url: NEUTRAL_SHARE_IMAGE, ...SHARE_IMAGE_SIZE }] } }),
    // Mature pages: noindex and <meta name="rating" content="adult"> (lib/edges/seo/listing-metadata).
    ...listingPrivacyMetadata({ contentRating: service.contentRating, isPublic }),
  };
}

export default async function ServicePage(props: Props) {
  const page = await load(props);
  if (!page) notFound();
  const { service, agent, viewer, isPublic } = page;
  const { rules } = await props.searchParams;
  const otherServices = (agent?.listings ?? []).filter((s) => s.capabilityId !== service.capabilityId);
  const changeKey = { agentRowId: service.agent.rowId, capabilityId: service.capabilityId, rowId: service.rowId };
  return (
    <>
      {isPublic ? <JsonLd data={serviceJsonLd(service)} /> : null}
      <SuspensionNotice viewer={viewer} handle={service.agent.handle} capabilityId={service.capabilityId} />
      <PreviewBanner show={isOwnPreview(viewer?.id ?? null, service.agent)} />
      <ChangeNotice viewer={viewer} service={changeKey} />
      <ServiceDetails
        service={service}
        otherServices={otherServices}
        report={<ReportLink handle={service.agent.handle} capabilityId={service.capabilityId} />}
        runPanel={<RunPanel handle={service.agent.handle} capabilityId={service.capabilityId} />}
        changes={<ServiceChangeLog service={changeKey} />}
        dataRules={<MyDataRuleChecks viewer={viewer} data={service.data} rulesParam={rules} />}
        useFromAgent={
          <UseFromAgent
            // The configured public origin (lib/foundations/env AUTH_URL), never the request's Host header.
            snippets={agentSnippets(siteOrigin(), {
              handle: service.agent.handle,
              capabilityId: service.capabilityId,
              tool: service.tool,
              adapterEndpoint: service.agent.endpointPending ? null : service.agent.endpoint,
            })}
            tool={service.tool}
            capabilityId={service.capabilityId}
            adapterAnnounced={!service.agent.endpointPending}
            isPublic={isPublic}
          />
        }
      />
    </>
  );
}
