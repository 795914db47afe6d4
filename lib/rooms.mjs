// The rooms of lib/, bottom first, in four layers:
// - foundations: what any server part needs (configuration, logging, the database client, HTTP helpers, limits, words);
// - model: what Explore knows (the agent file, accounts, the catalog's read model, public addresses, how figures are defined);
// - domain: what Explore does (publishing, runs, payments, sample tests, search, the network…);
// - edges: where the outside comes in (the public API, MCP and A2A endpoints, the registry API, jobs, the CLI, SEO).
// A room imports only rooms listed before it: the layers point one way and no two rooms import each other.
// `npm run lint` holds it (eslint.config.mjs); lib/rooms.test.ts checks that every folder of lib/ is listed.
// A new room goes after the rooms it needs and before the rooms that need it.

export const ROOMS = [
  "foundations", // its own files: env, log, secrets, sha256, action-result, form-fields
  "foundations/db",
  "foundations/json-schema",
  "foundations/rate-limits",
  "foundations/site",
  "foundations/words",
  "foundations/http",
  "model/accounts",
  "model/addresses",
  "model/agent-file",
  "model/catalog",
  "model/figures",
  "domain/adapters",
  "domain/analytics",
  "domain/api-tokens",
  "domain/data-rules",
  "domain/listings",
  "domain/logos",
  "domain/formats",
  "domain/payments",
  "domain/registry",
  "domain/requests",
  "domain/runs",
  "domain/sample-tests",
  "domain/search",
  "domain/agents",
  "domain/moderation",
  "domain/network",
  "domain/publishing",
  "domain/terms",
  "edges/api",
  "edges/agent-mcp",
  "edges/a2a-endpoint",
  "edges/cli",
  "edges/jobs",
  "edges/operations",
  "edges/registry-api",
  "edges/seo",
];

/** A room's files: a layer's own files sit beside its rooms' folders. */
const pathsOf = (room) => (room.includes("/") ? `./lib/${room}` : `./lib/${room}/*.{ts,tsx}`);

/** import/no-restricted-paths zones: each room may not import any room listed after it. */
export function roomZones() {
  return ROOMS.slice(0, -1).map((room, i) => ({
    target: pathsOf(room),
    from: ROOMS.slice(i + 1).map(pathsOf),
    message: `lib/${room} may import only rooms listed before it in lib/rooms.mjs.`,
  }));
}
