import type { AgentStatus, PlanType } from "@/generated/prisma/enums";
import type { DataDeclaration, JsonObject, NormalizedAgent, NormalizedCapability } from "@/lib/model/agent-file/types";

// The catalog's one read model: a listing (capability) with its plans, tags and agent, as every reader
// inside lib/ sees it. Pages, the API, runs, sample tests and exports pick what they show from it at their
// edge. It is server-side data: client components get the fields they render, never the object.

export type CatalogPlan = {
  planId: string;
  type: PlanType;
  /** USD, as a decimal string ("0.05"), when the plan states a price. */
  priceUsd: string | null;
  dailyLimit: number | null;
  /** Every field of the plan as written (price_usd, daily_limit, calls, period…). */
  extra: JsonObject;
};

export type CatalogTerms = {
  text: string | null;
  textSha256: string | null;
  url: string | null;
  urlSha256: string | null;
  fetchedAt: Date | null;
  version: string | null;
};

/** `declared: false` is the agent's `data_declared: false`; `declaration: null` means the stored one could not be read. */
export type DataView = { declared: false } | { declared: true; declaration: DataDeclaration | null };

/** The agent as imported (the profile, adapter and payment fields of lib/model/agent-file's normalised agent), with what storing it adds. */
export type CatalogAgent = Pick<
  NormalizedAgent,
  "handle" | "displayName" | "purpose" | "interests" | "languages" | "logoUrl" | "website" | "endpoint" | "endpointPending" | "resultRetentionDays" | "payment"
> & {
  rowId: string;
  ownerId: string;
  status: AgentStatus;
  /** Set with status "suspended": shown to the publisher. */
  suspendedReason: string | null;
  /** As stored (a text column), not narrowed. */
  executionMode: string;
  /** The hash of the logo copy Explore serves (lib/domain/logos), or null: show the monogram. Never hotlink logoUrl. */
  logoSha256: string | null;
  /** The terms with their fingerprints and when the URL was fetched. */
  terms: CatalogTerms | null;
  publishedAt: Date | null;
  updatedAt: Date;
};

/**
 * A listing: the normalised capability of lib/model/agent-file as imported (the same fields, the same types), with
 * what storing it adds (row id, tag labels, plan prices, moderation, dates) and its agent.
 */
export type CatalogCapability = Omit<NormalizedCapability, "tags" | "matureReasons" | "data" | "plans"> & {
  rowId: string;
  /** Order in the agent.json. */
  position: number;
  tags: { slug: string; label: string }[];
  /** As stored (a text[] column), not narrowed to MatureReason. */
  matureReasons: string[];
  data: DataView;
  plans: CatalogPlan[];
  /** Some plan is not free (a free quota may come with it). */
  isPaid: boolean;
  /** Suspended by moderation, this listing itself (the agent's own suspension is agent.status). */
  suspension: { at: Date; reason: string | null } | null;
  /** Visible to a signed-out visitor: only public listings are indexed, shared and cached. */
  isPublic: boolean;
  createdAt: Date;
  updatedAt: Date;
  agent: CatalogAgent;
};

/**
 * What a listing's card shows (components/listings/service-card.tsx) and its data rules check: the read model
 * narrowed, as a page of many cards reads it (findCardsByRowIds) without the rest of each listing.
 */
export type CardListing = Pick<CatalogCapability, "rowId" | "capabilityId" | "name" | "summary" | "class" | "plans" | "isPaid" | "contentRating" | "data"> & {
  agent: Pick<CatalogAgent, "handle" | "displayName" | "logoSha256">;
};

/** Suspended by moderation, the listing or its whole agent: its publisher still sees it, nobody runs it. */
export function isSuspended(capability: Pick<CatalogCapability, "suspension" | "agent">): boolean {
  return capability.suspension !== null || capability.agent.status === "suspended";
}
