import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { JsonValue } from "@/lib/model/agent-file/types";
import type { AgentDto, ServiceDetailDto, ServiceItem, ServicesQuery, ServicesResponse } from "./schemas";
import { agentPath, servicePath } from "@/lib/model/addresses/paths";
import { reputationSql, runsSql, statsJoinSql, unreachableSql } from "@/lib/model/figures/reputation";
import { sampleTestedSql } from "@/lib/model/figures/sample-tested";
import { findMatchingIds } from "@/lib/domain/search/search";
import type { ListingHealth } from "@/lib/domain/search/memory/types";
import type { SharedIndex } from "@/lib/domain/search/memory/shared-index";
import type { ListingCard } from "@/lib/domain/search/memory/listing-cards";
import { currentSharedIndex } from "@/lib/domain/search/memory/live";
import { noFilters, type SearchFilters, type Sort } from "@/lib/domain/search/filters";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { isFreeToTry, priceSummary } from "@/lib/domain/payments/plan-words";
import { logoPath } from "@/lib/domain/logos/paths";
import { findAgentWithListings, findListing, findListingsByRowIds } from "@/lib/model/catalog/queries";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import { findAgentDocument, findListingFigures } from "@/lib/model/catalog/api-reads";
import type { Viewer } from "@/lib/model/accounts/viewer";

// The public API's reads. The API is anonymous: every read applies the visibility rule for a
// signed-out viewer (no cookies are read), so its answers are the same for everyone and can be
// cached publicly. Mature, unpublished and suspended listings do not exist here.

const VIEWER = null;

const sortMap = { reputation: "reputation", recent: "newest", name: "name", relevance: "relevance", most_run: "most_run" } as const satisfies Record<
  NonNullable<ServicesQuery["sort_by"]>,
  Sort
>;

function filtersOf(q: ServicesQuery): SearchFilters {
  return {
    ...noFilters,
    query: q.query?.replace(/\s+/g, " ").trim() || null,
    category: q.category ?? null,
    tags: q.capability ? [q.capability] : [],
    class: q.class ?? null,
    price: q.paid === undefined ? null : q.paid ? "paid" : "free",
    sampleTested: q.verified,
    language: q.language ?? null,
    region: q.region ?? null,
    dataRules: [...(q.inputs_not_retained ? (["inputs_not_retained"] as const) : []), ...(q.not_used_for_training ? (["no_training"] as const) : [])],
    minReputation: q.min_reputation ?? null,
    includeUnreachable: q.include_unreachable,
  };
}

const healthRowSchema = z.object({
  id: z.string(),
  reputation: z.number().nullable(),
  unreachable: z.boolean(),
  runs: z.number().int(),
  sample_tested: z.boolean(),
});

const figureColumns = (now: Date) => ({
  columns: Prisma.sql`${reputationSql} AS reputation, ${unreachableSql(now)} AS unreachable, ${runsSql} AS runs, ${sampleTestedSql(now)} AS sample_tested`,
  join: statsJoinSql,
});

/** Reputation, reachability, runs and the sample-tested flag of known capability rows. */
async function findHealth(rowIds: readonly string[], now: Date): Promise<Map<string, ListingHealth>> {
  const rows = await findListingFigures(rowIds, figureColumns(now), z.array(healthRowSchema));
  return new Map(rows.map((row) => [row.id, { reputation: row.reputation, unreachable: row.unreachable, runs: row.runs, sampleTested: row.sample_tested }]));
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 1000;
}

/** What the API's item states of a listing read from the catalog (the shared index holds the same: SharedIndex.card). */
function cardOf(row: CatalogCapability): ListingCard {
  return {
    handle: row.agent.handle,
    displayName: row.agent.displayName,
    capabilityId: row.capabilityId,
    name: row.name,
    summary: row.summary,
    category: row.category,
    tags: row.tags.map((t) => t.slug),
    class: row.class,
    version: row.version,
    isPaid: row.isPaid,
    freeToTry: isFreeToTry(row.plans),
    priceSummary: priceSummary(row.plans),
    endpointPending: row.agent.endpointPending,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function itemOf(card: ListingCard, health: ListingHealth | undefined): ServiceItem {
  const { handle, capabilityId } = card;
  return {
    handle,
    capability_id: capabilityId,
    name: card.name,
    summary: card.summary,
    category: card.category,
    tags: card.tags,
    class: card.class,
    version: card.version,
    paid: card.isPaid,
    sample_tested: health?.sampleTested ?? false,
    reputation: round(health?.reputation ?? null),
    unreachable: health?.unreachable ?? false,
    waiting_for_adapter: card.endpointPending,
    free_to_try: card.freeToTry,
    price_summary: card.priceSummary,
    runs_30d: health?.runs ?? 0,
    agent: { handle, display_name: card.displayName, url: absoluteUrl(agentPath(handle)) },
    url: absoluteUrl(servicePath(handle, capabilityId)),
    api_url: absoluteUrl(`/api/v1/services/${handle}/${capabilityId}`),
    created_at: card.createdAt.toISOString(),
    updated_at: card.updatedAt.toISOString(),
  };
}

/** GET /api/v1/services */
export async function apiSearchServices(q: ServicesQuery, now = new Date()): Promise<ServicesResponse> {
  const filters = filtersOf(q);
  const sortBy = q.sort_by ?? (filters.query ? "relevance" : "reputation");
  const sort: Sort = sortBy === "relevance" && !filters.query ? "newest" : sortMap[sortBy];
  const { services, hasMore } = await searchServiceItems(filters, { sort, limit: q.limit, offset: q.offset }, now);
  return { services, sort_by: sortBy, limit: q.limit, offset: q.offset, next_offset: hasMore ? q.offset + q.limit : null };
}

/**
 * The API's items for a search, as a signed-out visitor may see them (also the agents' MCP endpoint's), or as
 * `viewer` may (the A2A endpoints, for a token's owner).
 */
export async function searchServiceItems(
  filters: SearchFilters,
  page: { sort: Sort; limit: number; offset: number },
  now = new Date(),
  index: SharedIndex | null = currentSharedIndex(),
  viewer: Viewer | null = VIEWER,
): Promise<{ services: ServiceItem[]; hasMore: boolean }> {
  const { ids, hasMore } = await findMatchingIds(viewer, filters, { ...page, now }, index);
  // The index's items are the signed-out audience's: a viewer's are read through their own visibility.
  const held = index && viewer === VIEWER ? heldItems(ids, now, index) : null;
  return { services: held ?? (await storedItems(ids, now, viewer)), hasMore };
}

/** A page's items from the shared index, when it holds every one (then a search reads nothing from PostgreSQL); else null. */
function heldItems(ids: string[], now: Date, index: SharedIndex): ServiceItem[] | null {
  const items: ServiceItem[] = [];
  for (const id of ids) {
    // The API's viewer (VIEWER, signed out) is the "everyone" audience.
    const [card, health] = [index.card("everyone", id), index.health("everyone", id, now)];
    if (!card || !health) return null;
    items.push(itemOf(card, health));
  }
  return items;
}

/** A page's items read from the catalog, through the visibility rule (ids it hides are dropped). */
async function storedItems(ids: string[], now: Date, viewer: Viewer | null): Promise<ServiceItem[]> {
  if (ids.length === 0) return [];
  const [byId, health] = await Promise.all([findListingsByRowIds(viewer, ids, now), findHealth(ids, now)]);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [itemOf(cardOf(row), health.get(id))] : [];
  });
}

function detailOf(s: CatalogCapability, item: ServiceItem): ServiceDetailDto {
  const d = s.data.declared ? s.data.declaration : null;
  const retention = (part: { retention: "none" | "retained" | null; days: number | null; journal: boolean | null } | null) =>
    part ? { retention: part.retention, days: part.days, journal: part.journal } : null;
  const terms = s.agent.terms;
  return {
    ...item,
    tool: s.tool,
    limitations: s.limitations,
    repeat: s.repeat,
    refreshes: s.refreshes ? { per_execution: s.refreshes.perExecution, within_hours: s.refreshes.withinHours } : null,
    outside_action: s.outsideAction,
    effects: s.effects
      ? {
          idempotency_argument: s.effects.idempotencyArgument,
          outcome_lookup: s.effects.outcomeLookup,
          escalate: s.effects.escalate,
          dry_run_argument: s.effects.dryRunArgument,
        }
      : null,
    cancellation: s.cancellation,
    max_duration_seconds: s.maxDurationSeconds,
    input_schema: s.inputSchema,
    output_schema: s.outputSchema,
    example: s.example
      ? {
          input: s.example.input,
          problem: s.example.problem,
          success_criteria: s.example.successCriteria,
          expected_output: s.example.expectedOutput,
        }
      : null,
    data: {
      declared: s.data.declared,
      accepted_data_classes: d?.acceptedDataClasses ?? null,
      inputs: retention(d?.inputs ?? null),
      results: retention(d?.results ?? null),
      execution_metadata: d?.executionMetadata ? { retention_days: d.executionMetadata.retentionDays } : null,
      downstream: d?.downstream
        ? { retention: d.downstream.retention, days: d.downstream.days, journal: d.downstream.journal, subprocessors: d.downstream.subprocessors }
        : null,
      used_for_training: d?.usedForTraining ?? null,
      processing_regions: d?.processingRegions ?? null,
      deletion_on_request: d?.deletionOnRequest ?? null,
      encrypted_at_rest: d?.encryptedAtRest ?? null,
      dpa_url: d?.dpaUrl ?? null,
    },
    plans: s.plans.map((p) => ({ plan_id: p.planId, type: p.type, price_usd: p.priceUsd, daily_limit: p.dailyLimit, extra: p.extra })),
    payment: s.agent.payment,
    adapter: { endpoint: s.agent.endpointPending ? null : s.agent.endpoint, tool: s.tool, transport: "streamable_http" },
    terms: terms ? { text: terms.text, text_sha256: terms.textSha256, url: terms.url, url_sha256: terms.urlSha256, version: terms.version } : null,
  };
}

/** GET /api/v1/services/{handle}/{capability_id}; also /mcp's get_service, for a token's owner. */
export async function apiFindService(handle: string, capabilityId: string, now = new Date(), viewer: Viewer | null = VIEWER): Promise<ServiceDetailDto | null> {
  const service = await findListing(viewer, handle, capabilityId);
  if (!service) return null;
  const health = await findHealth([service.rowId], now);
  return detailOf(service, itemOf(cardOf(service), health.get(service.rowId)));
}

/** GET /api/v1/agents/{handle} */
export async function apiFindAgent(handle: string): Promise<AgentDto | null> {
  const page = await findAgentWithListings(VIEWER, handle);
  if (!page) return null;
  const { agent } = page;
  return {
    handle: agent.handle,
    display_name: agent.displayName,
    purpose: agent.purpose,
    interests: agent.interests,
    languages: agent.languages,
    website: agent.website,
    // Explore's checked copy, never the publisher's URL (DESIGN.md rule 9); null until a logo passes.
    logo_url: agent.logoSha256 ? absoluteUrl(logoPath(agent.handle, 256, agent.logoSha256)) : null,
    url: absoluteUrl(agentPath(agent.handle)),
    agent_json_url: absoluteUrl(`/api/v1/agents/${agent.handle}/agent.json`),
    services: page.listings.map((s) => ({
      capability_id: s.capabilityId,
      name: s.name,
      summary: s.summary,
      class: s.class,
      paid: s.isPaid,
      url: absoluteUrl(servicePath(agent.handle, s.capabilityId)),
      api_url: absoluteUrl(`/api/v1/services/${agent.handle}/${s.capabilityId}`),
    })),
  };
}

/**
 * GET /api/v1/agents/{handle}/agent.json: the agent.json as published (local-only fields were
 * removed at import), without the capabilities a signed-out visitor may not see.
 */
export async function apiFindAgentDocument(handle: string, now = new Date()): Promise<JsonValue | null> {
  const row = await findAgentDocument(VIEWER, handle, now);
  if (!row) return null;
  const document = jsonValue(row.document);
  if (!isObject(document)) return null;
  const hidden = new Set(row.hiddenTools);
  const capabilities = Array.isArray(document.capabilities) ? document.capabilities : [];
  return {
    ...document,
    capabilities: capabilities.filter((c) => !(isObject(c) && typeof c.tool === "string" && hidden.has(c.tool))),
  };
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const jsonSchema: z.ZodType<JsonValue> = z.json();

function jsonValue(value: unknown): JsonValue | null {
  const parsed = jsonSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
