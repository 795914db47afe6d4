import type { CatalogAgent, CatalogCapability } from "@/lib/model/catalog/read-model";
import { agentPath, servicePath } from "@/lib/model/addresses/paths";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { logoPath } from "@/lib/domain/logos/paths";

// schema.org JSON-LD for listing pages, built from the same plain objects the pages render.

type JsonLd = { [key: string]: string | number | boolean | null | JsonLd | JsonLd[] | string[] };

type Provider = { handle: string; displayName: string; purpose: string; website: string | null; logoSha256: string | null };

/** The agent as a schema.org Organization: a service's provider, or an agent page's subject. */
function organization(agent: Provider): JsonLd {
  return {
    "@type": "Organization",
    name: agent.displayName,
    description: agent.purpose,
    url: absoluteUrl(agentPath(agent.handle)),
    ...(agent.website ? { sameAs: [agent.website] } : {}),
    // Explore's checked copy, never the publisher's URL.
    ...(agent.logoSha256 ? { logo: absoluteUrl(logoPath(agent.handle, 256, agent.logoSha256)) } : {}),
  };
}

export function serviceJsonLd(service: CatalogCapability): JsonLd {
  const { agent } = service;
  const offers: JsonLd[] = service.plans.map((plan) => ({
    "@type": "Offer",
    name: plan.planId,
    price: plan.type === "free" ? "0" : (plan.priceUsd ?? "0"),
    priceCurrency: "USD",
    ...(plan.type !== "free" && agent.payment ? { url: agent.payment.link } : {}),
  }));
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    description: service.summary,
    url: absoluteUrl(servicePath(agent.handle, service.capabilityId)),
    category: service.category,
    serviceType: service.class,
    ...(offers.length > 0 ? { offers } : { offers: { "@type": "Offer", price: "0", priceCurrency: "USD" } }),
    provider: organization(agent),
  };
}

export function agentJsonLd(agent: CatalogAgent, listings: readonly CatalogCapability[]): JsonLd {
  return {
    "@context": "https://schema.org",
    ...organization(agent),
    makesOffer: listings.map((s) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: s.name, description: s.summary, url: absoluteUrl(servicePath(agent.handle, s.capabilityId)) },
    })),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script. */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
