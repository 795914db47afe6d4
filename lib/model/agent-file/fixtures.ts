// Test documents: the smallest valid agent.json, to which each test adds the one thing it is about.
import type { JsonObject } from "./types";

export function minimalCapability(overrides: JsonObject = {}): JsonObject {
  return {
    tool: "search_homes",
    name: "Home search",
    summary: "Searches active for-sale homes in a supported area.",
    category: "real_estate.search",
    limitations: "Active listings only.",
    class: "read_only",
    ...overrides,
  };
}

export function minimalAgentFile(overrides: JsonObject = {}): JsonObject {
  return {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle: "@homes", display_name: "Homes", purpose: "Finds homes." },
    adapter: { endpoint: "https://mcp.example.com/ekl" },
    capabilities: [minimalCapability()],
    ...overrides,
  };
}
