import "server-only";
import { listTags } from "@/lib/model/agent-file";
import type { NormalizedAgent, NormalizedCapability } from "@/lib/model/agent-file/types";
import type { CatalogAgent, CatalogCapability, CatalogPlan } from "@/lib/model/catalog/read-model";
import { planFigures } from "@/lib/model/catalog/rows";

// A draft as the catalog's read model, so the public listing components render it exactly as consumers
// will see it once published. Nothing here is stored: the ids and dates are the preview's own.

const labels = new Map(listTags().map((t) => [t.slug, t.label]));

function plansOf(c: NormalizedCapability): CatalogPlan[] {
  return c.plans.map((p) => {
    const { priceUsd, dailyLimit } = planFigures(p.extra);
    // As a stored price reads back (a decimal column, as text).
    return { planId: p.planId, type: p.type, extra: p.extra, priceUsd: priceUsd === null ? null : String(priceUsd), dailyLimit };
  });
}

export function previewCapabilities(agent: NormalizedAgent, ownerId: string, at: Date): CatalogCapability[] {
  const catalogAgent: CatalogAgent = {
    handle: agent.handle,
    displayName: agent.displayName,
    purpose: agent.purpose,
    interests: agent.interests,
    languages: agent.languages,
    logoUrl: agent.logoUrl,
    // A draft's logo is not checked yet: the preview shows the monogram, as the listing will until it passes.
    logoSha256: null,
    website: agent.website,
    endpoint: agent.endpoint,
    endpointPending: agent.endpointPending,
    resultRetentionDays: agent.resultRetentionDays,
    payment: agent.payment,
    rowId: "preview",
    ownerId,
    status: "unpublished",
    suspendedReason: null,
    executionMode: agent.executionMode,
    terms: agent.terms ? { ...agent.terms, urlSha256: null, fetchedAt: null } : null,
    publishedAt: null,
    updatedAt: at,
  };
  return agent.capabilities.map((c, position) => {
    const plans = plansOf(c);
    return {
      ...c,
      rowId: `preview-${c.capabilityId}`,
      position,
      tags: c.tags.map((slug) => ({ slug, label: labels.get(slug) ?? slug })),
      data: agent.dataDeclared ? { declared: true, declaration: c.data } : { declared: false },
      plans,
      isPaid: plans.some((p) => p.type !== "free"),
      suspension: null,
      isPublic: false,
      createdAt: at,
      updatedAt: at,
      agent: catalogAgent,
    };
  });
}
