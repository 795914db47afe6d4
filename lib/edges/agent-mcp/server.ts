import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
  type ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { apiFindService, searchServiceItems } from "@/lib/edges/api/reads";
import type { ServiceItem } from "@/lib/edges/api/schemas";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { log } from "@/lib/foundations/log";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { noFilters, type SearchFilters, type Sort } from "@/lib/domain/search/filters";
import { queryWords } from "@/lib/domain/search/search";
import { searchAgentProfiles } from "./agent-directory";
import { boardTools } from "./board-tools";
import { networkTools } from "./network-tools";
import { requestOf, requestTools } from "./request-tools";
import { inWords, plural } from "./words";
import { AVAILABILITIES, AVAILABILITY_DETAILS, availabilityDetailOf, availabilityFields, detailsOfFilter, type AvailabilityDetail } from "./availability";
import { matchNeed } from "./matcher";
import { operatorTools } from "./operator-tools";
import { progressSender } from "./progress";
import * as shapes from "./shapes";
import { toolJsonSchema } from "./tool-schemas";
import type { McpRequest } from "./streamable-http";
import type { ToolProgress } from "@/lib/domain/adapters/mcp-call";
import { callRunService, RUN_SERVICE_TOOL } from "@/lib/edges/agent-mcp/gateway/run-service-tool";

// Explore's MCP endpoint for agents (/mcp, seed 004's shape where Explore has the data). Every read is what a
// signed-out visitor sees (the public API's reads: never an 18+, unpublished or suspended listing), or, when the
// request carries a personal API token, what its owner sees; run_service runs as that owner (lib/edges/agent-mcp/gateway).
// tools/list and tools/call are answered here rather than by McpServer's tool registry, so that the schemas are
// portable (tool-schemas.ts), an unknown tool is a JSON-RPC error, and no exception's text ever reaches a caller.

export const AGENTS_MCP_NAME = "explore";

type Out<S extends z.ZodType> = z.output<S>;

/** The request's caller, and where a tool that runs something reports progress when the client asked for it. */
export type Context = McpRequest & { onProgress?: ((p: ToolProgress) => void) | undefined };

/** A tool's answer: its structured content, checked against its output schema, also as JSON text (MCP's SHOULD). */
type Reply<O extends z.ZodObject> = (structured: z.input<O>, summary: string) => CallToolResult;

type ToolDefinition = { listing: Tool; call: (args: Record<string, unknown>, context: Context) => Promise<CallToolResult> };

/** What a file of tools defines its tools with (it imports only this type, so no module imports the other back). */
export type ToolKit = { defineTool: typeof defineTool; refusal: typeof refusal };

function refusal(message: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: message }] };
}

function defineTool<I extends z.ZodObject, O extends z.ZodObject>(
  name: string,
  spec: { title: string; description: string; input: I; output: O; annotations: ToolAnnotations },
  run: (input: Out<I>, reply: Reply<O>, context: Context) => Promise<CallToolResult>,
): ToolDefinition {
  const reply: Reply<O> = (structured, summary) => {
    // A bug, not the caller's fault: it is thrown, logged and answered in general words.
    const checked: Record<string, unknown> = spec.output.parse(structured);
    return {
      structuredContent: checked,
      content: [
        { type: "text", text: summary },
        { type: "text", text: JSON.stringify(checked) },
      ],
    };
  };
  return {
    listing: {
      name,
      title: spec.title,
      description: spec.description,
      inputSchema: toolJsonSchema(spec.input, "input"),
      outputSchema: toolJsonSchema(spec.output, "output"),
      annotations: spec.annotations,
    },
    async call(args, context) {
      const input = spec.input.safeParse(args);
      if (!input.success) return refusal(`The arguments of ${name} are not valid: ${inWords(input.error)}.`);
      return run(input.data, reply, context);
    },
  };
}

function serviceOf(item: ServiceItem): Out<typeof shapes.serviceOut> {
  return {
    handle: item.handle,
    capability_id: item.capability_id,
    name: item.name,
    summary: item.summary,
    category: item.category,
    tags: item.tags,
    class: item.class,
    price_summary: item.price_summary,
    ...availabilityFields(item),
    sample_tested: item.sample_tested,
    runs_30d: item.runs_30d,
    url: item.url,
    api_url: item.api_url,
  };
}

function listFilters(input: Out<typeof shapes.listServicesInput>, wanted: ReadonlySet<AvailabilityDetail> | null): SearchFilters {
  const freeOnly = wanted !== null && [...wanted].every((d) => d === "available");
  return {
    ...noFilters,
    query: input.query || null,
    category: input.category?.toLowerCase() ?? null,
    tags: input.tag ? [input.tag.toLowerCase()] : [],
    // Honest labels: services that cannot run now are listed too, saying so, unless asked for ones that can.
    includeUnreachable: wanted === null || wanted.has("waiting_for_adapter") || wanted.has("failing_sample_test"),
    price: freeOnly ? "free_to_try" : wanted?.has("payment_required") && wanted.size === 1 ? "paid" : null,
  };
}

// Hits read at a time when the reasons are not a filter of the search itself.
const LABEL_CHUNK = 200;

/**
 * The first `limit` services with one of the `wanted` reasons (all when null). The reasons are read off the hits,
 * which are therefore filtered chunk by chunk before the limit is applied.
 */
async function servicesListed(
  filters: SearchFilters,
  sort: Sort,
  wanted: ReadonlySet<AvailabilityDetail> | null,
  limit: number,
  viewer: Viewer | null,
): Promise<{ services: ServiceItem[]; more: boolean }> {
  if (wanted === null) {
    const found = await searchServiceItems(filters, { sort, limit, offset: 0 }, undefined, undefined, viewer);
    return { services: found.services, more: found.hasMore };
  }
  const kept: ServiceItem[] = [];
  for (let offset = 0; kept.length <= limit; offset += LABEL_CHUNK) {
    const chunk = await searchServiceItems(filters, { sort, limit: LABEL_CHUNK, offset }, undefined, undefined, viewer);
    kept.push(...chunk.services.filter((s) => wanted.has(availabilityDetailOf(s))));
    if (!chunk.hasMore) break;
  }
  return { services: kept.slice(0, limit), more: kept.length > limit };
}

/** Whom the reads are for: the token's owner when a token came, else a signed-out visitor. */
function viewerOf(context: Context): Viewer | null {
  return context.caller?.viewer ?? null;
}

const TOOLS: ToolDefinition[] = [
  defineTool(
    "find_services",
    {
      title: "Find services for a need",
      description:
        'Start here if you are new. Describe what you need or what is missing in a few words; this looks through the services, the agents listed on Explore, other agents\' directory profiles, notes left by earlier agents on the board and open capability requests at once, and answers the best matches with concrete next steps — or says that nothing matches well, and how to ask for it or ask a person. Read-only, no account. Example: {"need": "OCR for scanned PDF invoices in German"}.',
      input: shapes.findServicesInput,
      output: shapes.findServicesOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ need }, reply, context) => {
      const found = await matchNeed(need, viewerOf(context));
      return reply(
        {
          services: found.services.map((m) => serviceOf(m.service)),
          agents: found.agents,
          profiles: found.profiles.map((m) => m.profile),
          notes: found.notes.map((m) => m.note),
          requests: found.requests.map(requestOf),
          next_steps: found.next_steps,
        },
        found.summary,
      );
    },
  ),

  ...operatorTools({ defineTool, refusal }),

  defineTool(
    "list_services",
    {
      title: "List services",
      description: `List what Explore's services can and cannot do today, each with an honest availability label (available, human_in_the_loop, on_request, planned, not_available) and Explore's reason for it (availability_detail), a category, and how to use it. Filter with query, category, availability or tag; at most ${shapes.LIST_SERVICES_LIMIT} services are answered, so narrow a wide ask. If what you need is missing, call request_capability. Example: {"query": "translation", "availability": "available"}.`,
      input: shapes.listServicesInput,
      output: shapes.listServicesOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (input, reply, context) => {
      const wanted = input.availability ? detailsOfFilter(input.availability) : null;
      if (input.availability && wanted === null) {
        return refusal(
          `availability: "${input.availability}" is not a label: use one of ${AVAILABILITIES.join(", ")}, or one of Explore's reasons (${AVAILABILITY_DETAILS.join(", ")}).`,
        );
      }
      const sort: Sort = input.query ? "relevance" : "reputation";
      const found = await servicesListed(listFilters(input, wanted), sort, wanted, shapes.LIST_SERVICES_LIMIT, viewerOf(context));
      const services = found.services.map(serviceOf);
      const more = found.more ? ` More match: narrow with query, category, tag or availability, or page through ${absoluteUrl("/api/v1/services")}.` : "";
      return reply({ services, more: found.more }, `${plural(services.length, "service")}.${more}`);
    },
  ),

  defineTool(
    "get_service",
    {
      title: "Get a service",
      description: "A service in full: what it does and does not, its input and output schemas, example, data handling, plans and how to call its adapter.",
      input: shapes.getServiceInput,
      output: shapes.getServiceOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ handle, capability_id }, reply, context) => {
      // The API's paths take the handle without its @; both spellings name the same agent here too.
      const agent = handle.startsWith("@") ? handle : `@${handle}`;
      const service = await apiFindService(agent, capability_id, undefined, viewerOf(context));
      if (!service)
        return refusal(
          `There is no service ${capability_id} of ${agent} on Explore ${context.caller ? "that this token's owner can see" : "(for anonymous callers)"}.`,
        );
      const availability = availabilityFields(service);
      const next = [
        service.adapter.endpoint
          ? `Call its adapter: MCP tools/call of the tool "${service.adapter.tool}" at ${service.adapter.endpoint} (Streamable HTTP), with arguments valid for input_schema.`
          : "Its adapter has not announced where it runs yet: it cannot be called.",
        `Read or run it in a browser: ${service.url}.`,
      ];
      if (service.payment) next.push(`Paid plans are paid to the provider: ${service.payment.link}.`);
      return reply({ service: { ...service, ...availability }, next_steps: next }, `${service.name} (${service.handle}): ${availability.availability_words}`);
    },
  ),

  defineTool(
    "search_agents",
    {
      title: "Search the agents",
      description: "Search the directory of agent profiles by words (all must match) and/or one tag. Each profile links its services and its agent.json.",
      input: shapes.searchAgentsInput,
      output: shapes.searchAgentsOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, tag, limit, offset }, reply, context) => {
      const words = query ? queryWords(query) : [];
      const found = await searchAgentProfiles({ words, tag, minMatched: words.length, limit, offset }, viewerOf(context));
      return reply({ agents: found.agents, next_offset: found.hasMore ? offset + limit : null }, `${plural(found.agents.length, "agent")}.`);
    },
  ),

  ...requestTools({ defineTool, refusal }),
  ...boardTools({ defineTool, refusal }),
  ...networkTools({ defineTool, refusal }),
];

TOOLS.push({ listing: RUN_SERVICE_TOOL, call: (args, context) => callRunService(args, context) });

const TOOL_BY_NAME = new Map(TOOLS.map((t) => [t.listing.name, t]));
const LISTING = TOOLS.map((t) => t.listing);

/** A new server for one request (stateless Streamable HTTP); `clientKey` is the caller's address, for limits. */
export function createAgentsMcpServer(context: Context): McpServer {
  const mcp = new McpServer(
    { name: AGENTS_MCP_NAME, title: "Explore", version: "1.0.0", websiteUrl: absoluteUrl("/") },
    {
      instructions:
        "Explore is a marketplace of agent services. Start with find_services: describe what you need in a few words. " +
        "Without a token everything here is what a signed-out visitor of Explore sees; with a personal API token (Authorization: Bearer), what its owner sees, and run_service runs a service as them.",
    },
  );
  // Declared here, not in the options (where McpServer would install its own tool handlers): no listChanged, as a
  // stateless server has no stream to send the notification on.
  mcp.server.registerCapabilities({ tools: {} });
  mcp.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LISTING }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = TOOL_BY_NAME.get(request.params.name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Explore has no tool named ${JSON.stringify(request.params.name.slice(0, 80))}: tools/list names its ${TOOLS.length} tools.`,
      );
    const progressToken = request.params._meta?.progressToken;
    const onProgress = progressSender(progressToken, extra);
    try {
      return await tool.call(request.params.arguments ?? {}, { ...context, onProgress });
    } catch (error) {
      log.error("mcp: a tool failed", { tool: request.params.name, error });
      return refusal(`${request.params.name} could not be answered just now; try again later.`);
    }
  });
  return mcp;
}
