import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { AgentStatus, CapabilityClass, ContentRating, PlanType, RepeatMode } from "@/generated/prisma/enums";
import type { NormalizedAgent, NormalizedCapability } from "@/lib/model/agent-file/types";
import type { CardListing, CatalogAgent, CatalogCapability, CatalogPlan, CatalogTerms, DataView } from "./read-model";
import { dataDeclarationSchema, effectsSchema, exampleSchema, jsonObjectSchema, readOutsideAction, readRefreshes, readStored } from "./stored-json";

// Rows and the read model, side by side: toRows is how an import stores a normalised agent, fromRows how
// every reader gets it back. A field added to one side and not the other shows up here, in one file.

// ───────────── read model → rows (the import) ─────────────

export function agentRow(agent: NormalizedAgent) {
  return {
    ekl: agent.ekl,
    mode: agent.mode,
    executionMode: agent.executionMode,
    displayName: agent.displayName,
    purpose: agent.purpose,
    interests: agent.interests,
    languages: agent.languages,
    logoUrl: agent.logoUrl,
    website: agent.website,
    endpoint: agent.endpoint,
    endpointPending: agent.endpointPending,
    resultRetentionDays: agent.resultRetentionDays,
    executionIdRetentionDays: agent.executionIdRetentionDays,
    termsText: agent.terms?.text ?? null,
    termsTextSha256: agent.terms?.textSha256 ?? null,
    termsUrl: agent.terms?.url ?? null,
    termsVersion: agent.terms?.version ?? null,
    paymentLink: agent.payment?.link ?? null,
    paymentNote: agent.payment?.note ?? null,
    dataDeclared: agent.dataDeclared,
    document: agent.document,
  };
}

/** One capability as a row: JSON values as they are, SQL NULL as null, the denormalised filter columns derived. */
export function capabilityRow(agentId: string, position: number, c: NormalizedCapability) {
  const inputs = c.data.inputs;
  return {
    // Used only when the capability is new; a matched one keeps its ID, and with it its runs and tests.
    id: randomUUID(),
    agentId,
    capabilityId: c.capabilityId,
    position,
    tool: c.tool,
    name: c.name,
    summary: c.summary,
    category: c.category,
    contentRating: c.contentRating,
    matureReasons: c.matureReasons,
    limitations: c.limitations,
    class: c.class,
    repeat: c.repeat,
    refreshesPerExecution: c.refreshes?.perExecution ?? null,
    refreshesWithinHours: c.refreshes?.withinHours ?? null,
    storageFreeAccepted: c.storageFreeAccepted,
    outsideAction: c.outsideAction,
    effects: c.effects,
    cancellation: c.cancellation,
    maxDurationSeconds: c.maxDurationSeconds,
    inputSchema: c.inputSchema,
    outputSchema: c.outputSchema,
    data: c.data,
    version: c.version,
    example: c.example,
    offered: c.offered,
    needsConfirmation: c.needsConfirmation,
    listed: c.listed,
    isPaid: c.plans.some((p) => p.type !== "free"),
    hasExample: c.example !== null,
    // Journalled arguments are input retention too (seed 000, data.inputs.journal).
    inputsRetained: inputs === null ? null : inputs.retention === "retained" || inputs.journal === true ? true : inputs.retention === "none" ? false : null,
    usedForTraining: c.data.usedForTraining,
    processingRegions: c.data.processingRegions ?? [],
  };
}

/** A plan's price and daily limit as the catalog stores them (their own columns), from its fields as written. */
export function planFigures(extra: NormalizedCapability["plans"][number]["extra"]): { priceUsd: number | null; dailyLimit: number | null } {
  return {
    priceUsd: typeof extra.price_usd === "number" ? extra.price_usd : null,
    dailyLimit: typeof extra.daily_limit === "number" && Number.isInteger(extra.daily_limit) ? extra.daily_limit : null,
  };
}

export function planRows(capabilityRowId: string, c: NormalizedCapability) {
  return c.plans.map((p, position) => ({
    id: randomUUID(),
    capabilityId: capabilityRowId,
    planId: p.planId,
    position,
    type: p.type,
    extra: p.extra,
    ...planFigures(p.extra),
  }));
}

export function tagRows(capabilityRowId: string, c: NormalizedCapability) {
  return c.tags.map((tagSlug, position) => ({ capabilityId: capabilityRowId, tagSlug, position }));
}

// ───────────── rows → read model (every reader) ─────────────

// Timestamps are stored as UTC in columns without a time zone, so their JSON has no offset.
const timestamp = z.string().transform((text) => new Date(`${text}Z`));

const capabilityColumns = z.object({
  id: z.string(),
  capabilityId: z.string(),
  position: z.number().int(),
  tool: z.string(),
  name: z.string(),
  summary: z.string(),
  category: z.string(),
  contentRating: z.enum(ContentRating),
  matureReasons: z.array(z.string()),
  limitations: z.string(),
  class: z.enum(CapabilityClass),
  repeat: z.enum(RepeatMode),
  refreshesPerExecution: z.number().int().nullable(),
  refreshesWithinHours: z.number().int().nullable(),
  storageFreeAccepted: z.boolean(),
  outsideAction: z.string().nullable(),
  effects: z.unknown(),
  cancellation: z.string().nullable(),
  maxDurationSeconds: z.number().int().nullable(),
  inputSchema: z.unknown(),
  outputSchema: z.unknown(),
  data: z.unknown(),
  version: z.string(),
  example: z.unknown(),
  offered: z.boolean(),
  needsConfirmation: z.boolean(),
  listed: z.boolean(),
  suspendedAt: timestamp.nullable(),
  suspendedReason: z.string().nullable(),
  isPaid: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const agentColumns = z.object({
  id: z.string(),
  handle: z.string(),
  ownerId: z.string(),
  status: z.enum(AgentStatus),
  suspendedReason: z.string().nullable(),
  displayName: z.string(),
  purpose: z.string(),
  interests: z.array(z.string()),
  languages: z.array(z.string()),
  logoUrl: z.string().nullable(),
  logoSha256: z.string().nullable(),
  website: z.string().nullable(),
  endpoint: z.string(),
  endpointPending: z.boolean(),
  executionMode: z.string(),
  resultRetentionDays: z.number().int().nullable(),
  termsText: z.string().nullable(),
  termsTextSha256: z.string().nullable(),
  termsUrl: z.string().nullable(),
  termsUrlSha256: z.string().nullable(),
  termsFetchedAt: timestamp.nullable(),
  termsVersion: z.string().nullable(),
  paymentLink: z.string().nullable(),
  paymentNote: z.string().nullable(),
  dataDeclared: z.boolean(),
  publishedAt: timestamp.nullable(),
  updatedAt: timestamp,
});

const planColumns = z.object({
  planId: z.string(),
  type: z.enum(PlanType),
  priceUsd: z.number().nullable(),
  dailyLimit: z.number().int().nullable(),
  extra: z.unknown(),
});

/** The columns each read selects, by table: exactly what fromRows reads, so a secret column never comes along. */
export const readColumns = {
  capability: Object.keys(capabilityColumns.shape),
  agent: Object.keys(agentColumns.shape),
  plan: Object.keys(planColumns.shape),
};

/** One listing as the catalog's SELECT returns it (lib/model/catalog/queries.ts). */
export const listingRowSchema = z.object({
  capability: capabilityColumns,
  agent: agentColumns,
  plans: z.array(planColumns),
  tags: z.array(z.object({ slug: z.string(), label: z.string() })),
  isPublic: z.boolean(),
});

export type ListingRow = z.infer<typeof listingRowSchema>;

const cardCapabilityColumns = capabilityColumns.pick({
  id: true,
  capabilityId: true,
  name: true,
  summary: true,
  class: true,
  isPaid: true,
  contentRating: true,
  data: true,
});
const cardAgentColumns = agentColumns.pick({ handle: true, displayName: true, logoSha256: true, dataDeclared: true });

/** The columns a card's read selects (findCardsByRowIds), by table: exactly what cardFromRow reads. */
export const cardColumns = { capability: Object.keys(cardCapabilityColumns.shape), agent: Object.keys(cardAgentColumns.shape) };

/** One listing as the cards' SELECT returns it. */
export const cardRowSchema = z.object({ capability: cardCapabilityColumns, agent: cardAgentColumns, plans: z.array(planColumns) });

type PlanRow = z.infer<typeof planColumns>;

function planFromRow(p: PlanRow): CatalogPlan {
  return {
    planId: p.planId,
    type: p.type,
    priceUsd: p.priceUsd === null ? null : String(p.priceUsd),
    dailyLimit: p.dailyLimit,
    extra: readStored(jsonObjectSchema, p.extra) ?? {},
  };
}

export function dataFromRow(dataDeclared: boolean, data: unknown): DataView {
  return dataDeclared ? { declared: true, declaration: readStored(dataDeclarationSchema, data) } : { declared: false };
}

export function cardFromRow(row: z.infer<typeof cardRowSchema>): CardListing {
  const { capability: c, agent: a } = row;
  return {
    rowId: c.id,
    capabilityId: c.capabilityId,
    name: c.name,
    summary: c.summary,
    class: c.class,
    plans: row.plans.map(planFromRow),
    isPaid: c.isPaid,
    contentRating: c.contentRating,
    data: dataFromRow(a.dataDeclared, c.data),
    agent: { handle: a.handle, displayName: a.displayName, logoSha256: a.logoSha256 },
  };
}

export function agentFromRow(a: z.infer<typeof agentColumns>): CatalogAgent {
  const terms: CatalogTerms = {
    text: a.termsText,
    textSha256: a.termsTextSha256,
    url: a.termsUrl,
    urlSha256: a.termsUrlSha256,
    fetchedAt: a.termsFetchedAt,
    version: a.termsVersion,
  };
  return {
    rowId: a.id,
    handle: a.handle,
    ownerId: a.ownerId,
    status: a.status,
    suspendedReason: a.suspendedReason,
    displayName: a.displayName,
    purpose: a.purpose,
    interests: a.interests,
    languages: a.languages,
    logoUrl: a.logoUrl,
    logoSha256: a.logoSha256,
    website: a.website,
    endpoint: a.endpoint,
    endpointPending: a.endpointPending,
    executionMode: a.executionMode,
    resultRetentionDays: a.resultRetentionDays,
    payment: a.paymentLink ? { link: a.paymentLink, note: a.paymentNote } : null,
    terms: Object.values(terms).some((v) => v !== null) ? terms : null,
    publishedAt: a.publishedAt,
    updatedAt: a.updatedAt,
  };
}

export function fromRows(row: ListingRow): CatalogCapability {
  const { capability: c, agent } = row;
  return {
    rowId: c.id,
    capabilityId: c.capabilityId,
    position: c.position,
    tool: c.tool,
    name: c.name,
    summary: c.summary,
    category: c.category,
    tags: row.tags,
    contentRating: c.contentRating,
    matureReasons: c.matureReasons,
    limitations: c.limitations,
    class: c.class,
    repeat: c.repeat,
    refreshes: readRefreshes(c),
    storageFreeAccepted: c.storageFreeAccepted,
    outsideAction: readOutsideAction(c.outsideAction),
    effects: readStored(effectsSchema, c.effects),
    cancellation: c.cancellation,
    maxDurationSeconds: c.maxDurationSeconds,
    inputSchema: readStored(jsonObjectSchema, c.inputSchema),
    outputSchema: readStored(jsonObjectSchema, c.outputSchema),
    data: dataFromRow(agent.dataDeclared, c.data),
    plans: row.plans.map(planFromRow),
    isPaid: c.isPaid,
    version: c.version,
    example: readStored(exampleSchema, c.example),
    offered: c.offered,
    needsConfirmation: c.needsConfirmation,
    listed: c.listed,
    suspension: c.suspendedAt ? { at: c.suspendedAt, reason: c.suspendedReason } : null,
    isPublic: row.isPublic,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    agent: agentFromRow(agent),
  };
}
