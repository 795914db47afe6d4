import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { apiFindService, searchServiceItems } from "@/lib/api/reads";
import type { ServiceItem } from "@/lib/api/schemas";
import { db } from "@/lib/db";
import { consume } from "@/lib/rate-limits/rate-limit";
import { claimHandle } from "@/lib/requests/caller-handles";
import { newRequestSchema } from "@/lib/requests/request-input";
import { castVote, createRequest, findRequest, listRequests, similarRequests, type RequestView } from "@/lib/requests/requests";
import { requestPath } from "@/lib/requests/paths";
import { absoluteUrl } from "@/lib/listings/site";
import { noFilters, type SearchFilters } from "@/lib/search/filters";
import { queryWords } from "@/lib/search/search";
import { searchAgentProfiles } from "./agent-directory";
import { availabilityOf, availabilityWords } from "./availability";
import * as shapes from "./shapes";

// Explore's MCP endpoint for agents (/mcp, seed 004's shape where Explore has the data). Every read is
// what a signed-out visitor sees: the public API's reads, so never an 18+, unpublished or suspended listing.

export const AGENTS_MCP_NAME = "explore";

type Out<S extends z.ZodType> = z.output<S>;

function answer<S extends z.ZodType>(_schema: S, structured: Out<S>, summary: string): CallToolResult {
  return { structuredContent: structured as Record<string, unknown>, content: [{ type: "text", text: summary }] };
}

function refusal(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

function serviceOf(item: ServiceItem): Out<typeof shapes.serviceOut> {
  const availability = availabilityOf(item);
  return {
    handle: item.handle,
    capability_id: item.capability_id,
    name: item.name,
    summary: item.summary,
    category: item.category,
    tags: item.tags,
    class: item.class,
    price_summary: item.price_summary,
    availability,
    availability_words: availabilityWords[availability],
    sample_tested: item.sample_tested,
    runs_30d: item.runs_30d,
    url: item.url,
    api_url: item.api_url,
  };
}

function requestOf(r: RequestView): Out<typeof shapes.requestOut> {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    tags: r.tags,
    status: r.status,
    votes: r.votes,
    created_at: r.createdAt.toISOString(),
    answered_by: r.answeredBy ? { handle: r.answeredBy.handle, capability_id: r.answeredBy.capabilityId, name: r.answeredBy.name, url: r.answeredBy.url } : null,
    url: absoluteUrl(requestPath(r.id)),
  };
}

// Words that say nothing about a need ("I need a tool for …").
const FILLER = new Set(["a", "an", "and", "any", "for", "from", "i", "in", "into", "is", "it", "me", "my", "need", "of", "on", "or", "some", "something", "that", "the", "to", "tool", "want", "with", "which", "can", "that", "this"]);

/** The need's words worth searching for. */
export function needWords(need: string): string[] {
  return queryWords(need).filter((w) => w.length >= 2 && !FILLER.has(w)).slice(0, 6);
}

/** Services for a need: all its words at once first, then each word, the services most words find first. */
async function servicesForNeed(words: string[], limit: number): Promise<ServiceItem[]> {
  const search = (query: string) => searchServiceItems({ ...noFilters, query }, { sort: "relevance", limit, offset: 0 });
  const together = words.length > 0 ? (await search(words.join(" "))).services : [];
  if (together.length >= limit || words.length < 2) return together.slice(0, limit);
  const each = await Promise.all(words.map(search));
  const score = new Map<string, { item: ServiceItem; hits: number; first: number }>();
  together.forEach((item, i) => score.set(item.api_url, { item, hits: words.length + 1, first: i }));
  each.forEach((found) =>
    found.services.forEach((item, i) => {
      const seen = score.get(item.api_url);
      if (seen) seen.hits += 1;
      else score.set(item.api_url, { item, hits: 1, first: i });
    }),
  );
  return [...score.values()].sort((a, b) => b.hits - a.hits || a.first - b.first).slice(0, limit).map((s) => s.item);
}

async function openRequestsForNeed(words: string[], limit: number): Promise<RequestView[]> {
  const found = new Map<string, { view: RequestView; hits: number }>();
  // One search per word, side by side (not one after another).
  const perWord = await Promise.all(words.map((word) => listRequests(null, { query: word, sort: "votes", limit, offset: 0 })));
  for (const { requests } of perWord) {
    for (const view of requests.filter((r) => r.status !== "declined" && r.status !== "duplicate")) {
      const seen = found.get(view.id);
      if (seen) seen.hits += 1;
      else found.set(view.id, { view, hits: 1 });
    }
  }
  return [...found.values()].sort((a, b) => b.hits - a.hits || b.view.votes - a.view.votes).slice(0, limit).map((f) => f.view);
}

function listFilters(input: Out<typeof shapes.listServicesInput>): SearchFilters {
  const availability = input.availability;
  return {
    ...noFilters,
    query: input.query || null,
    category: input.category?.toLowerCase() ?? null,
    tags: input.tag ? [input.tag.toLowerCase()] : [],
    // Honest labels: services that cannot run now are listed too, saying so, unless asked for available ones.
    includeUnreachable: availability === undefined || availability === "waiting_for_adapter" || availability === "failing_sample_test",
    price: availability === "available" ? "free_to_try" : availability === "payment_required" ? "paid" : null,
  };
}

/** A new server for one request (stateless Streamable HTTP); `clientKey` is the caller's address, for limits. */
export function createAgentsMcpServer({ clientKey }: { clientKey: string }): McpServer {
  const server = new McpServer(
    { name: AGENTS_MCP_NAME, title: "Explore", version: "1.0.0", websiteUrl: absoluteUrl("/") },
    {
      instructions:
        "Explore is a marketplace of agent services. Start with find_services: describe what you need in a few words. " +
        "Everything here is what a signed-out visitor of Explore sees. Listings run through their providers' MCP adapters; get_service says how.",
    },
  );

  async function writeAllowed(): Promise<string | null> {
    const limit = await consume("capabilityRequests", `mcp:${clientKey}`);
    return limit.ok ? null : limit.message;
  }

  server.registerTool(
    "find_services",
    {
      title: "Find services for a need",
      description:
        'Start here. Describe what you need in a few words; this looks through the services, the agents\' profiles and the open capability requests at once and answers the best matches with concrete next steps. Read-only, no account. Example: {"need": "convert miles to kilometres"}.',
      inputSchema: shapes.findServicesInput,
      outputSchema: shapes.findServicesOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ need }) => {
      const words = needWords(need);
      const [services, agents, requests] = await Promise.all([
        servicesForNeed(words, 5),
        words.length > 0 ? searchAgentProfiles({ words, every: false, limit: 5, offset: 0 }) : Promise.resolve({ agents: [], hasMore: false }),
        openRequestsForNeed(words, 5),
      ]);
      const next: string[] = [];
      for (const s of services.slice(0, 3)) {
        next.push(`“${s.name}” (${s.handle}): ${availabilityWords[availabilityOf(s)]} Call get_service with {"handle": "${s.handle}", "capability_id": "${s.capability_id}"} for its adapter, plans and data handling, or open ${s.url}.`);
      }
      for (const r of requests.slice(0, 2)) next.push(`Someone asked for this already: vote_capability_request with {"id": "${r.id}"} (${r.votes} vote${r.votes === 1 ? "" : "s"}).`);
      if (services.length === 0) next.push("Nothing offers this yet: ask for it with request_capability, so publishers see it is wanted.");
      return answer(
        shapes.findServicesOutput,
        { services: services.map(serviceOf), agents: agents.agents, requests: requests.map(requestOf), next_steps: next },
        services.length > 0 ? `${services.length} service${services.length === 1 ? "" : "s"} found; see next_steps.` : "No service matches yet; see next_steps.",
      );
    },
  );

  server.registerTool(
    "list_services",
    {
      title: "List services",
      description:
        "List the services with an honest availability label each (available, payment_required, waiting_for_adapter, failing_sample_test). Filter with query, category, tag or availability. If what you need is missing, call request_capability.",
      inputSchema: shapes.listServicesInput,
      outputSchema: shapes.listServicesOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      const wanted = input.availability;
      // Two labels are not filters of the search: fetch a wider page and keep the ones that carry them.
      const postFilter = wanted === "payment_required" || wanted === "waiting_for_adapter" || wanted === "failing_sample_test";
      const found = await searchServiceItems(listFilters(input), { sort: input.query ? "relevance" : "reputation", limit: postFilter ? 100 : input.limit, offset: postFilter ? 0 : input.offset });
      const services = found.services.map(serviceOf).filter((s) => !wanted || s.availability === wanted);
      const shown = postFilter ? services.slice(input.offset, input.offset + input.limit) : services;
      const more = postFilter ? services.length > input.offset + input.limit : found.hasMore;
      return answer(shapes.listServicesOutput, { services: shown, next_offset: more ? input.offset + input.limit : null }, `${shown.length} service${shown.length === 1 ? "" : "s"}.`);
    },
  );

  server.registerTool(
    "get_service",
    {
      title: "Get a service",
      description: "A service in full: what it does and does not, its input and output schemas, example, data handling, plans and how to call its adapter.",
      inputSchema: shapes.getServiceInput,
      outputSchema: shapes.getServiceOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ handle, capability_id }) => {
      const service = await apiFindService(handle, capability_id);
      if (!service) return refusal(`There is no service ${capability_id} of ${handle} on Explore (for anonymous callers).`);
      const availability = availabilityOf(service);
      const next = [
        service.adapter.endpoint
          ? `Call its adapter: MCP tools/call of the tool "${service.adapter.tool}" at ${service.adapter.endpoint} (Streamable HTTP), with arguments valid for input_schema.`
          : "Its adapter has not announced where it runs yet: it cannot be called.",
        `Read or run it in a browser: ${service.url}.`,
      ];
      if (service.payment) next.push(`Paid plans are paid to the provider: ${service.payment.link}.`);
      return answer(
        shapes.getServiceOutput,
        { service: { ...service, availability, availability_words: availabilityWords[availability] }, next_steps: next },
        `${service.name} (${service.handle}): ${availabilityWords[availability]}`,
      );
    },
  );

  server.registerTool(
    "search_agents",
    {
      title: "Search the agents",
      description: "Search the directory of agent profiles by words (all must match) and/or one tag. Each profile links its services and its agent.json.",
      inputSchema: shapes.searchAgentsInput,
      outputSchema: shapes.searchAgentsOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, tag, limit, offset }) => {
      const found = await searchAgentProfiles({ words: query ? queryWords(query) : [], tag, every: true, limit, offset });
      return answer(shapes.searchAgentsOutput, { agents: found.agents, next_offset: found.hasMore ? offset + limit : null }, `${found.agents.length} agent${found.agents.length === 1 ? "" : "s"}.`);
    },
  );

  server.registerTool(
    "request_capability",
    {
      title: "Request a missing capability",
      description:
        "Ask for a capability no service offers yet. The request is public so others can vote on it, and publishers see what is wanted most. The answer lists similar requests: vote on one of those instead if it is the same ask. With a handle, your request counts as your vote.",
      inputSchema: shapes.requestCapabilityInput,
      outputSchema: shapes.requestCapabilityOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (input) => {
      const parsed = newRequestSchema.safeParse(input);
      if (!parsed.success) return refusal(parsed.error.issues.map((i) => `${i.path.join(".") || "request"}: ${i.message}`).join("; "));
      const limited = await writeAllowed();
      if (limited) return refusal(limited);
      const similar = await similarRequests(null, parsed.data.title);
      const created = await db.$transaction(async (tx) => {
        const claim = input.handle ? await claimHandle(tx, input.handle, input.handle_token) : null;
        if (claim && !claim.ok) return claim;
        // Without a handle the request still needs an author to count its vote: one handle per address would
        // be a guess, so an anonymous request starts with no vote.
        if (!claim) {
          const row = await tx.capabilityRequest.create({ data: { title: parsed.data.title, description: parsed.data.description, tags: parsed.data.tags }, select: { id: true } });
          return { ok: true as const, id: row.id, token: null };
        }
        return { ok: true as const, id: await createRequest(parsed.data, { handleId: claim.handleId }, tx), token: claim.newToken };
      });
      if (!created.ok) return refusal(created.message);
      const view = await findRequest(null, created.id);
      if (!view) return refusal("The request could not be read back; try list_capability_requests.");
      return answer(
        shapes.requestCapabilityOutput,
        { request: requestOf(view), similar: similar.map(requestOf), handle_token: created.token },
        created.token ? "Requested. Keep the handle_token: it is shown once." : "Requested.",
      );
    },
  );

  server.registerTool(
    "list_capability_requests",
    {
      title: "List capability requests",
      description: "Public requests for missing capabilities, most voted first (sort 'votes') or newest first (sort 'new'), with their status (open, planned, in_progress, available, declined, duplicate) and, when available, the listing that answers it.",
      inputSchema: shapes.listRequestsInput,
      outputSchema: shapes.listRequestsOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input) => {
      const found = await listRequests(null, input);
      return answer(shapes.listRequestsOutput, { requests: found.requests.map(requestOf), next_offset: found.hasMore ? input.offset + input.limit : null }, `${found.requests.length} request${found.requests.length === 1 ? "" : "s"}.`);
    },
  );

  server.registerTool(
    "vote_capability_request",
    {
      title: "Vote on a capability request",
      description: "Add your vote to a capability request (one vote per handle), or withdraw it with withdraw: true. The first use of a handle registers it and answers a handle_token.",
      inputSchema: shapes.voteInput,
      outputSchema: shapes.voteOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ id, handle, handle_token, withdraw }) => {
      const limited = await writeAllowed();
      if (limited) return refusal(limited);
      const result = await db.$transaction(async (tx) => {
        const claim = await claimHandle(tx, handle, handle_token);
        if (!claim.ok) return claim;
        const vote = await castVote(id, { handleId: claim.handleId }, withdraw, tx);
        // A refused vote registers nothing: the transaction is rolled back with it.
        if (!vote.ok) throw new VoteRefused(vote.message);
        return { ...vote, token: claim.newToken };
      }).catch((error: unknown) => {
        if (error instanceof VoteRefused) return { ok: false as const, message: error.message };
        throw error;
      });
      if (!result.ok) return refusal(result.message);
      return answer(shapes.voteOutput, { id, votes: result.votes, voted: result.voted, handle_token: result.token }, `${result.voted ? "Voted" : "Vote withdrawn"}: ${result.votes} vote${result.votes === 1 ? "" : "s"}.`);
    },
  );

  return server;
}

class VoteRefused extends Error {}
