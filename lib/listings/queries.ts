import "server-only";
import { cache } from "react";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/accounts/viewer";
import type { Prisma } from "@/generated/prisma/client";
import type { CapabilityClass, ContentRating, PlanType } from "@/generated/prisma/enums";
import type { DataDeclaration, JsonObject, NormalizedAgent, NormalizedCapability } from "@/lib/agent-file/types";
import { agentVisibilityWhere, capabilityVisibilityWhere } from "./visibility";
import {
  dataDeclarationSchema,
  effectsSchema,
  exampleSchema,
  jsonObjectSchema,
  readOutsideAction,
  readRefreshes,
  readStored,
} from "./stored-json";

// Public reads. Every one filters with lib/listings/visibility and returns plain objects.

export type ServiceSummary = {
  capabilityId: string;
  name: string;
  summary: string;
  class: CapabilityClass;
  isPaid: boolean;
  contentRating: ContentRating;
  agent: { handle: string; displayName: string };
};

export type PlanView = {
  planId: string;
  type: PlanType;
  /** USD, as a decimal string ("0.05"), when the plan states a price. */
  priceUsd: string | null;
  dailyLimit: number | null;
  /** Every field of the plan as written (price_usd, daily_limit, calls, period…). */
  extra: JsonObject;
};

export type TermsView = {
  text: string | null;
  textSha256: string | null;
  url: string | null;
  urlSha256: string | null;
  fetchedAt: Date | null;
  version: string | null;
};

export type AgentProfile = Pick<NormalizedAgent, "handle" | "displayName" | "purpose" | "interests" | "languages" | "logoUrl" | "website">;

/** `declared: false` is the agent's `data_declared: false`; `declaration: null` means the stored one could not be read. */
export type DataView = { declared: false } | { declared: true; declaration: DataDeclaration | null };

/** The normalised capability as stored, plus what only the page shows (plans with prices, tag labels, the agent). */
export type ServiceDetail = Pick<
  NormalizedCapability,
  | "capabilityId"
  | "tool"
  | "name"
  | "summary"
  | "category"
  | "contentRating"
  | "limitations"
  | "class"
  | "repeat"
  | "refreshes"
  | "storageFreeAccepted"
  | "outsideAction"
  | "effects"
  | "cancellation"
  | "maxDurationSeconds"
  | "inputSchema"
  | "outputSchema"
  | "version"
  | "example"
> & {
  /** As stored (a text[] column), not narrowed to MatureReason. */
  matureReasons: string[];
  data: DataView;
  isPaid: boolean;
  updatedAt: Date;
  plans: PlanView[];
  tags: { slug: string; label: string }[];
  agent: AgentProfile & {
    executionMode: string;
    endpointPending: boolean;
    resultRetentionDays: number | null;
    payment: { link: string; note: string | null } | null;
    terms: TermsView | null;
  };
};

export type AgentPage = AgentProfile & { services: ServiceSummary[] };

export const summarySelect = {
  capabilityId: true,
  name: true,
  summary: true,
  class: true,
  isPaid: true,
  contentRating: true,
  agent: { select: { handle: true, displayName: true } },
} satisfies Prisma.CapabilitySelect;

const profileSelect = {
  handle: true,
  displayName: true,
  purpose: true,
  interests: true,
  languages: true,
  logoUrl: true,
  website: true,
} satisfies Prisma.AgentSelect;

const findVisibleServicesCached = cache(
  async (viewer: Viewer | null, limit: number, offset: number): Promise<{ services: ServiceSummary[]; hasMore: boolean }> => {
    const rows = await db.capability.findMany({
      where: capabilityVisibilityWhere(viewer),
      select: summarySelect,
      // Most recently published agents first; an agent's services keep their agent.json order.
      orderBy: [
        { agent: { publishedAt: { sort: "desc", nulls: "last" } } },
        { agent: { handle: "asc" } },
        { position: "asc" },
      ],
      take: limit + 1,
      skip: offset,
    });
    return { services: rows.slice(0, limit), hasMore: rows.length > limit };
  },
);

/** The home page's list of visible services, most recently published first. */
export function findVisibleServices(
  viewer: Viewer | null,
  page: { limit: number; offset: number },
): Promise<{ services: ServiceSummary[]; hasMore: boolean }> {
  return findVisibleServicesCached(viewer, page.limit, page.offset);
}

/** Visible services by capability row id, in the order given (ids that are not visible are dropped). */
export async function findServiceSummariesByIds(viewer: Viewer | null, ids: string[]): Promise<Map<string, ServiceSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db.capability.findMany({
    where: { AND: [capabilityVisibilityWhere(viewer), { id: { in: ids } }] },
    select: { id: true, ...summarySelect },
  });
  return new Map(rows.map(({ id, ...summary }) => [id, summary]));
}

/** One service's page, or null when it does not exist for this viewer. */
export const findVisibleService = cache(
  async (viewer: Viewer | null, handle: string, capabilityId: string): Promise<ServiceDetail | null> => {
    const row = await db.capability.findFirst({
      where: { AND: [capabilityVisibilityWhere(viewer), { capabilityId, agent: { handle } }] },
      select: {
        capabilityId: true,
        tool: true,
        name: true,
        summary: true,
        category: true,
        contentRating: true,
        matureReasons: true,
        limitations: true,
        class: true,
        repeat: true,
        refreshesPerExecution: true,
        refreshesWithinHours: true,
        storageFreeAccepted: true,
        outsideAction: true,
        effects: true,
        cancellation: true,
        maxDurationSeconds: true,
        inputSchema: true,
        outputSchema: true,
        data: true,
        version: true,
        example: true,
        isPaid: true,
        updatedAt: true,
        plans: {
          select: { planId: true, type: true, priceUsd: true, dailyLimit: true, extra: true },
          orderBy: { position: "asc" },
        },
        tags: { select: { tag: { select: { slug: true, label: true } } }, orderBy: { position: "asc" } },
        agent: {
          select: {
            ...profileSelect,
            executionMode: true,
            endpointPending: true,
            resultRetentionDays: true,
            paymentLink: true,
            paymentNote: true,
            termsText: true,
            termsTextSha256: true,
            termsUrl: true,
            termsUrlSha256: true,
            termsFetchedAt: true,
            termsVersion: true,
            dataDeclared: true,
          },
        },
      },
    });
    if (!row) return null;
    const { agent } = row;
    const terms: TermsView = {
      text: agent.termsText,
      textSha256: agent.termsTextSha256,
      url: agent.termsUrl,
      urlSha256: agent.termsUrlSha256,
      fetchedAt: agent.termsFetchedAt,
      version: agent.termsVersion,
    };
    return {
      capabilityId: row.capabilityId,
      tool: row.tool,
      name: row.name,
      summary: row.summary,
      category: row.category,
      contentRating: row.contentRating,
      matureReasons: row.matureReasons,
      limitations: row.limitations,
      class: row.class,
      repeat: row.repeat,
      refreshes: readRefreshes(row),
      storageFreeAccepted: row.storageFreeAccepted,
      outsideAction: readOutsideAction(row.outsideAction),
      effects: readStored(effectsSchema, row.effects),
      cancellation: row.cancellation,
      maxDurationSeconds: row.maxDurationSeconds,
      inputSchema: readStored(jsonObjectSchema, row.inputSchema),
      outputSchema: readStored(jsonObjectSchema, row.outputSchema),
      data: agent.dataDeclared
        ? { declared: true, declaration: readStored(dataDeclarationSchema, row.data) }
        : { declared: false },
      version: row.version,
      example: readStored(exampleSchema, row.example),
      isPaid: row.isPaid,
      updatedAt: row.updatedAt,
      plans: row.plans.map((p) => ({
        planId: p.planId,
        type: p.type,
        priceUsd: p.priceUsd === null ? null : p.priceUsd.toString(),
        dailyLimit: p.dailyLimit,
        extra: readStored(jsonObjectSchema, p.extra) ?? {},
      })),
      tags: row.tags.map((t) => t.tag),
      agent: {
        handle: agent.handle,
        displayName: agent.displayName,
        purpose: agent.purpose,
        interests: agent.interests,
        languages: agent.languages,
        logoUrl: agent.logoUrl,
        website: agent.website,
        executionMode: agent.executionMode,
        endpointPending: agent.endpointPending,
        resultRetentionDays: agent.resultRetentionDays,
        payment: agent.paymentLink ? { link: agent.paymentLink, note: agent.paymentNote } : null,
        terms: Object.values(terms).some((v) => v !== null) ? terms : null,
      },
    };
  },
);

/** An agent's public page with its visible services, or null when the agent does not exist for this viewer. */
export const findVisibleAgent = cache(async (viewer: Viewer | null, handle: string): Promise<AgentPage | null> => {
  const row = await db.agent.findFirst({
    where: { AND: [agentVisibilityWhere(viewer), { handle }] },
    select: {
      ...profileSelect,
      capabilities: {
        where: capabilityVisibilityWhere(viewer),
        select: summarySelect,
        orderBy: { position: "asc" },
      },
    },
  });
  if (!row) return null;
  const { capabilities, ...profile } = row;
  return { ...profile, services: capabilities };
});

export type SitemapEntries = {
  services: { handle: string; capabilityId: string; updatedAt: Date }[];
  agents: { handle: string; updatedAt: Date }[];
};

/** What sitemap.xml lists: only what a signed-out visitor may see, most recently changed first. */
export async function findPublicSitemapEntries(limit: number): Promise<SitemapEntries> {
  const [services, agents] = await Promise.all([
    db.capability.findMany({
      where: capabilityVisibilityWhere(null),
      select: { capabilityId: true, updatedAt: true, agent: { select: { handle: true } } },
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      take: limit,
    }),
    db.agent.findMany({
      where: agentVisibilityWhere(null),
      select: { handle: true, updatedAt: true },
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      take: limit,
    }),
  ]);
  return {
    services: services.map((s) => ({ handle: s.agent.handle, capabilityId: s.capabilityId, updatedAt: s.updatedAt })),
    agents,
  };
}
