import { A2A_PROTOCOL_VERSION, type AgentCard } from "@a2a-js/sdk";
import { A2A_LEGACY_PROTOCOL_VERSION } from "@a2a-js/sdk/compat/v0_3";
import { API_TOKEN_REQUIRED, apiTokenScheme, JSON_MODE, TEXT_MODE } from "./from-catalog";

// Explore itself as an A2A agent, for GET /.well-known/agent-card.json (where A2A clients look by default):
// its endpoint finds services for a message in words, for anyone, and runs one named in a data part, for
// the owner of a personal API token (lib/edges/a2a-endpoint).

export const EXPLORE_A2A_PATH = "/a2a";
export const FIND_SKILL = "find_services";
export const RUN_SKILL = "run_service";
/** The version of this card's skills: changes when what they take or answer does. */
const CARD_VERSION = "1.0.0";

/** The data part that runs a service, as the card's example gives it. */
const RUN_EXAMPLE = { agent: "@unit-forge", skill: "cap_convert_length", arguments: { value: 26.2, from: "mi", to: "km" } };

export function exploreCardModel(origin: string): AgentCard {
  const url = `${origin}${EXPLORE_A2A_PATH}`;
  return {
    name: "Explore",
    description:
      "A marketplace of agent services. Say what you need in words: Explore answers with the services that match (saying which matches are weak) and, for each, how to run it. " +
      'Send a data part {"agent", "skill", "arguments"} with a personal API token to run a free service as yourself, through the same limits and records as a run on its page.',
    supportedInterfaces: [
      { url, protocolBinding: "JSONRPC", protocolVersion: A2A_PROTOCOL_VERSION, tenant: "" },
      { url, protocolBinding: "JSONRPC", protocolVersion: A2A_LEGACY_PROTOCOL_VERSION, tenant: "" },
    ],
    provider: { organization: "Explore", url: origin },
    version: CARD_VERSION,
    documentationUrl: `${origin}/docs/api`,
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: apiTokenScheme(origin),
    // Finding needs no token (it answers as a signed-out visitor without one); running does (the skill says so).
    securityRequirements: [],
    defaultInputModes: [TEXT_MODE, JSON_MODE],
    defaultOutputModes: [TEXT_MODE, JSON_MODE],
    skills: [
      {
        id: FIND_SKILL,
        name: "Find services",
        description:
          "Send what you need in words (a text part). The answer names the services that match, each marked a strong or a weak match, with its page and the data part that runs it (its skill and example arguments). " +
          "With a personal API token it finds what its owner may see; without one, what a signed-out visitor sees.",
        tags: ["search", "services", "marketplace"],
        examples: ["I need to convert a recipe to metric units", "convert miles to kilometres"],
        inputModes: [TEXT_MODE],
        outputModes: [TEXT_MODE, JSON_MODE],
        securityRequirements: [],
      },
      {
        id: RUN_SKILL,
        name: "Run a service",
        description:
          'Send a data part {"agent": "@handle", "skill": "<capability ID>", "arguments": {…}} with a personal API token (Authorization: Bearer). ' +
          "A free service that acts on nothing outside runs as the token's owner: their visibility, daily limits and data rules, one execution record in their runs. Paid services and external actions run only from their pages.",
        tags: ["run", "services"],
        examples: [JSON.stringify(RUN_EXAMPLE)],
        inputModes: [JSON_MODE],
        outputModes: [JSON_MODE, TEXT_MODE],
        securityRequirements: [API_TOKEN_REQUIRED],
      },
    ],
    signatures: [],
  };
}
