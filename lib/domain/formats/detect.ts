// Which format a document is, told from its fields alone (nothing is fetched): agent.json, or one of the
// network's other formats (DESIGN.md, "Speaking the network's languages"). Each format has fields no other
// one has, so a document is recognised even when it is incomplete — its problems are then named in that
// format's own terms, rather than as a failed agent.json.
import { FORMAT_NAMES, type ForeignFormat } from "./foreign";

export type DetectedFormat = "agent_json" | ForeignFormat | "unknown";

export const DETECTED_NAMES: Record<DetectedFormat, string> = {
  agent_json: "agent.json",
  ...FORMAT_NAMES,
  unknown: "unknown document",
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const has = (doc: Record<string, unknown>, ...keys: string[]) => keys.some((k) => Object.hasOwn(doc, k));

export function detectFormat(document: unknown): DetectedFormat {
  if (!isObject(document)) return "unknown";
  if (has(document, "ekl", "execution_mode", "adapter")) return "agent_json";
  if (has(document, "agent_info_uri", "agent_info_snapshot", "alignment_card_uri")) return "ga4gh_entry";
  if (document.type === "agent" && has(document, "record", "maintainers", "certification_tier", "safety_classification")) return "ga4gh_entry";
  if (has(document, "capability_manifest", "price_per_call", "owner_key", "wallet_address", "withdrawal_address", "spending_cap_mode", "agent_name"))
    return "a2awire";
  if (has(document, "skills", "protocolVersion", "preferredTransport", "defaultInputModes", "defaultOutputModes", "securitySchemes")) return "a2a_card";
  // An agent.json missing its first fields still has the agent and its capabilities.
  if (isObject(document.agent) || (Array.isArray(document.capabilities) && document.capabilities.some(isObject))) return "agent_json";
  return "unknown";
}

/** Why an unknown document cannot be imported, in words. */
export function unknownFormatMessage(document: unknown): string {
  const what = Array.isArray(document) ? "a list" : isObject(document) ? "an object" : document === null ? "null" : `a ${typeof document}`;
  return `This document (${what}) is not one Explore can import: it is neither an agent.json nor an A2A agent card, a GA4GH registry agent entry or an A2AWire registration. An agent.json starts with "ekl": "1.0".`;
}
