import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { AskPerson } from "@/lib/edges/agent-mcp/elicitation";
import { progressSender } from "@/lib/edges/agent-mcp/progress";
import type { CatalogCapability } from "@/lib/model/catalog/read-model";
import type { JsonObject } from "@/lib/model/agent-file/types";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import { servicePath } from "@/lib/model/addresses/paths";
import { log } from "@/lib/foundations/log";
import { filledArgumentNames } from "@/lib/domain/runs/run-capability";
import { runPlansFor } from "@/lib/domain/runs/run-plans";
import { runWithToken, tokenBlock, type TokenCaller } from "./run";
import { planAllowed, scopeWords } from "./token-scope";
import { toolResultOf } from "./tool-result";

// The gateway's MCP server for one agent (/mcp/agents/@handle): each service the token's owner may run through a
// token is a tool named by its capability ID, whose input schema is the service's without the fields Explore fills
// (the idempotency key, the dry-run switch). A call is a run (lib/edges/agent-mcp/gateway/run.ts) with progress notifications.

/** The service's input schema as the agent fills it: what Explore fills itself is taken out. */
export function gatewayInputSchema(capability: CatalogCapability): Tool["inputSchema"] {
  const schema: JsonObject = capability.inputSchema ?? { type: "object" };
  const filled = filledArgumentNames(capability);
  const properties =
    typeof schema.properties === "object" && schema.properties !== null && !Array.isArray(schema.properties)
      ? { ...(schema.properties as JsonObject) }
      : undefined;
  for (const name of filled) if (properties) delete properties[name];
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string" && !filled.includes(r)) : undefined;
  const { $schema: _dialect, ...rest } = schema;
  return { ...rest, type: "object", ...(properties ? { properties } : {}), ...(required ? { required } : {}) } as Tool["inputSchema"];
}

async function toolOf(caller: TokenCaller, capability: CatalogCapability): Promise<Tool> {
  const { plans } = await runPlansFor(caller.viewer, capability);
  const usable = plans.filter((p) => planAllowed(caller.grant, p)).map((p) => p.words);
  const page = absoluteUrl(servicePath(capability.agent.handle, capability.capabilityId));
  const plansWords = usable.length > 0 ? `Runs with this token under: ${usable.join("; ")}.` : "This token allows none of its plans: see its page.";
  return {
    name: capability.capabilityId,
    title: capability.name,
    description: `${capability.summary} ${plansWords}${capability.class === "external_action" ? " It acts outside Explore: each run first asks you to confirm it." : ""} ${page}`,
    inputSchema: gatewayInputSchema(capability),
    annotations: { title: capability.name, readOnlyHint: capability.class === "read_only", openWorldHint: true },
  };
}

/** The server for one request to the gateway of `handle`, acting for the token's owner. */
export function createGatewayServer(
  caller: TokenCaller,
  handle: string,
  listings: readonly CatalogCapability[],
  asking: { canAsk: boolean; ask: AskPerson | null },
): McpServer {
  const mcp = new McpServer(
    { name: `explore-gateway-${handle.replace(/^@/, "")}`, title: `${handle} through Explore`, version: "1.0.0", websiteUrl: absoluteUrl("/") },
    {
      instructions: `Runs ${handle}'s services on Explore as the token's owner, within their plans and limits. This token allows: ${scopeWords(caller.grant)}`,
    },
  );
  mcp.server.registerCapabilities({ tools: {} });
  // An external action is listed when this client, with this token, can be asked to confirm it (elicitation.ts).
  const runnable = listings.filter((c) => tokenBlock(caller, c, asking.canAsk) === null);
  mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await Promise.all(runnable.map((c) => toolOf(caller, c))) }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const capability = runnable.find((c) => c.capabilityId === request.params.name);
    if (!capability)
      throw new McpError(
        ErrorCode.InvalidParams,
        `${handle} has no service ${JSON.stringify(request.params.name.slice(0, 80))} this token may run: tools/list names them.`,
      );
    const progressToken = request.params._meta?.progressToken;
    try {
      const onProgress = progressSender(progressToken, extra);
      const run = await runWithToken(
        caller,
        { handle, capabilityId: capability.capabilityId, arguments: request.params.arguments ?? {} },
        { deps: { onProgress }, ask: asking.ask },
      );
      return toolResultOf(run);
    } catch (error) {
      log.error("gateway: a run failed", { handle, capabilityId: capability.capabilityId, error });
      return { isError: true, content: [{ type: "text", text: `${capability.name} could not be run just now; try again later.` }] };
    }
  });
  return mcp;
}
