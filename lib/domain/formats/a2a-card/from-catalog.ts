import { AgentCard, A2A_PROTOCOL_VERSION, type AgentSkill, type SecurityRequirement } from "@a2a-js/sdk";
import { A2A_LEGACY_PROTOCOL_VERSION } from "@a2a-js/sdk/compat/v0_3";
import type { CatalogAgent, CatalogCapability } from "@/lib/model/catalog/read-model";
import { logoPath } from "@/lib/domain/logos/paths";
import { agentPath, servicePath } from "@/lib/model/addresses/paths";
import { cardJson } from "./versions";

// Explore's agent → an A2A agent card (the A2A SDK's v1.0 type, written by the SDK's own serializer), for
// GET /api/v1/agents/{handle}/agent-card.json. Its interface is Explore's A2A endpoint for the agent, which
// answers the free services that act on nothing outside (DESIGN.md "Speaking the network's languages"), and
// a message in words with the agent's services that match it.

export const A2A_TOKEN_SCHEME = "explore_api_token";
export const JSON_MODE = "application/json";
export const TEXT_MODE = "text/plain";

/** The personal API token as an A2A security scheme. */
export function apiTokenScheme(origin: string): AgentCard["securitySchemes"] {
  return {
    [A2A_TOKEN_SCHEME]: {
      scheme: {
        $case: "httpAuthSecurityScheme",
        value: {
          scheme: "Bearer",
          bearerFormat: "Explore API token",
          description: `A personal API token you make in Explore's settings (${origin}/settings). Calls run as you: your daily limits, data rules and 18+ setting apply.`,
        },
      },
    },
  };
}

export const API_TOKEN_REQUIRED: SecurityRequirement = { schemes: { [A2A_TOKEN_SCHEME]: { list: [] } } };

/** The A2A endpoint's path for an agent. */
export function a2aEndpointPath(handle: string): string {
  return `/api/v1/agents/${handle}/a2a`;
}

/** Why the A2A endpoint will not run a service, in words, or null when it will. */
export function a2aRefusal(capability: Pick<CatalogCapability, "class" | "isPaid" | "agent">): string | null {
  if (capability.class === "external_action") return "it acts outside Explore (an external action), so it runs only from its page, where you confirm it";
  if (capability.isPaid) return "it is paid, so it runs only from its page, where you agree to the price";
  if (capability.agent.endpointPending) return "it is waiting for its adapter";
  return null;
}

function skillOf(capability: CatalogCapability, origin: string): AgentSkill {
  const refusal = a2aRefusal(capability);
  const page = `${origin}${servicePath(capability.agent.handle, capability.capabilityId)}`;
  return {
    id: capability.capabilityId,
    name: capability.name,
    // A service the endpoint does not answer says so, where a client reads: its description.
    description: refusal === null ? capability.summary : `${capability.summary} (Not answered over A2A: ${refusal}: ${page}.)`,
    tags: capability.tags.map((t) => t.slug),
    examples: capability.example?.problem ? [capability.example.problem] : [],
    inputModes: [JSON_MODE],
    outputModes: [JSON_MODE],
    securityRequirements: [],
  };
}

/** The card in the SDK's type (the A2A endpoint's request handler takes it). `listings` are the visible ones, in order. */
export function agentCardModel(agent: CatalogAgent, listings: readonly CatalogCapability[], origin: string): AgentCard {
  const url = `${origin}${a2aEndpointPath(agent.handle)}`;
  return {
    name: agent.displayName,
    description: agent.purpose,
    supportedInterfaces: [
      { url, protocolBinding: "JSONRPC", protocolVersion: A2A_PROTOCOL_VERSION, tenant: "" },
      // The same endpoint speaks A2A 0.3's JSON-RPC (message/send) to clients that announce no version.
      { url, protocolBinding: "JSONRPC", protocolVersion: A2A_LEGACY_PROTOCOL_VERSION, tenant: "" },
    ],
    provider: { organization: agent.displayName, url: agent.website ?? `${origin}${agentPath(agent.handle)}` },
    version: listings.find((l) => l.version)?.version ?? "1.0.0",
    documentationUrl: `${origin}${agentPath(agent.handle)}`,
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: apiTokenScheme(origin),
    securityRequirements: [API_TOKEN_REQUIRED],
    // A message in words is answered too: with the agent's services that match it.
    defaultInputModes: [TEXT_MODE, JSON_MODE],
    defaultOutputModes: [TEXT_MODE, JSON_MODE],
    skills: listings.map((l) => skillOf(l, origin)),
    signatures: [],
    ...(agent.logoSha256 ? { iconUrl: `${origin}${logoPath(agent.handle, 256, agent.logoSha256)}` } : {}),
  };
}

/** The card in JSON, in the shape of the A2A version the reader asked for (`A2A-Version`): what GET …/agent-card.json answers. */
export function agentCardOf(
  agent: CatalogAgent,
  listings: readonly CatalogCapability[],
  origin: string,
  requestedVersion: string | null,
): Record<string, unknown> {
  return cardJson(agentCardModel(agent, listings, origin), requestedVersion);
}
