import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getAgent } from "@/app/api/v1/agents/[handle]/route";
import { GET as getAgentDocument } from "@/app/api/v1/agents/[handle]/agent.json/route";
import { GET as getServices } from "@/app/api/v1/services/route";
import { GET as getService } from "@/app/api/v1/services/[handle]/[capabilityId]/route";
import { servicesQuerySchema } from "./schemas";

// Hundreds of requests from one client address: the per-client API limit (lib/foundations/rate-limits) is not what is fuzzed here.
vi.hoisted(() => vi.stubEnv("RATE_LIMIT_API", "1000000/1m"));
import { cleanUpTestRows, createTestAgent, createTestUser } from "@/lib/testing/fixtures";

// The public JSON API's handling of what a client sends — query strings and path parameters — through the
// route handlers themselves (lib/edges/api/reads.ts and http.ts, as the routes call them) against a real
// database: whatever arrives, the answer is 200, 304, 400 or 404 with a JSON body; never a 500.

let known = { handle: "", capabilityId: "" };

beforeAll(async () => {
  const owner = await createTestUser();
  const agent = await createTestAgent({ ownerId: owner.id, capabilities: [{ capabilityId: "cap_fuzzed", name: "Fuzzed weather forecast" }] });
  known = { handle: agent.handle, capabilityId: "cap_fuzzed" };
});

afterAll(cleanUpTestRows);

// Raw text for the query string: percent-escapes that decode to NUL, lone surrogates' bytes and bad UTF-8.
const rawUnit = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("a", "Z", "1", "0", "-", ".", "_", " ", "+", "é", "😀", "weather", "mortgage") },
  {
    weight: 2,
    arbitrary: fc.constantFrom("%00", "%ED%A0%80", "%FF", "%", "%2", "%25", "%26", "%3D", "&", "=", "#", "\u0000", "\ud800", "'", "\\", ":*", "!", "|"),
  },
);
const rawText = (minLength: number, maxLength: number) => fc.string({ unit: rawUnit, minLength, maxLength });
const numberText = fc.oneof(
  fc.constantFrom("1", "0", "-1", "1e400", "1e21", "9007199254740993", "0.5", "-0", "NaN", "Infinity", "100", "101", "10000", "10001"),
  fc.integer().map(String),
  fc.double().map(String),
);
const booleanText = fc.constantFrom("true", "false", "1", "0", "yes", "");
const slugs = fc.constantFrom("weather", "mortgages", "finance", "real_estate", "a", "-x", "zz_nothing");
// Each parameter with values of its own kind (so most queries get past validation to the database),
// sometimes junk; sometimes a parameter twice or one the endpoint does not have.
const parameterValues: Record<string, fc.Arbitrary<string>> = {
  query: rawText(0, 220),
  capability: fc.oneof(slugs, rawText(0, 10)),
  sort_by: fc.oneof(fc.constantFrom("reputation", "recent", "name", "relevance", "most_run"), rawText(0, 5)),
  verified: booleanText,
  min_reputation: numberText,
  include_unreachable: booleanText,
  limit: numberText,
  offset: numberText,
  category: fc.oneof(slugs, rawText(0, 10)),
  class: fc.oneof(fc.constantFrom("read_only", "transformation", "external_action"), rawText(0, 5)),
  paid: booleanText,
  language: fc.oneof(fc.constantFrom("en", "de", "pt-BR"), rawText(0, 40)),
  region: fc.oneof(fc.constantFrom("DE", "US", "de"), rawText(0, 3)),
  inputs_not_retained: booleanText,
  not_used_for_training: booleanText,
};
const knownNames = Object.keys(servicesQuerySchema.shape);
const knownPairs = fc
  .subarray(knownNames, { maxLength: 5 })
  .chain((chosen) => fc.tuple(...chosen.map((name) => (parameterValues[name] ?? rawText(0, 5)).map((v) => `${name}=${v}`))));
const queryString = fc.oneof(
  { weight: 6, arbitrary: knownPairs.map((pairs) => pairs.join("&")) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(knownPairs, fc.constantFrom("limit=5", "colour=red", "=x", "__proto__=1", "query"))
      .map(([pairs, extra]) => [...pairs, extra].join("&")),
  },
  { weight: 1, arbitrary: rawText(0, 80) },
);

function request(path: string, headers: Record<string, string> = {}): Request {
  return new Request(`https://explore.example${path}`, { headers });
}

async function expectAnswered(response: Response): Promise<number> {
  expect([200, 304, 400, 404]).toContain(response.status);
  if (response.status === 304) return response.status;
  const body: unknown = JSON.parse(await response.text());
  expect(body).toBeTypeOf("object");
  if (response.status >= 400) expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  return response.status;
}

describe("the public API, fuzzed", () => {
  it("answers any query string on /services without a 500", async () => {
    // A 500 is logged by api-http's handle(); failing on the log too catches one the status hides.
    const logged = vi.spyOn(console, "error");
    let searched = 0;
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        if ((await expectAnswered(await getServices(request(`/api/v1/services?${query}`)))) === 200) searched += 1;
      }),
      { numRuns: 300, endOnFailure: true },
    );
    expect(logged).not.toHaveBeenCalled();
    // Not a vacuous pass: many queries got past validation to the database.
    expect(searched).toBeGreaterThan(60);
    logged.mockRestore();
  }, 60_000);

  it("answers any path parameters on /services/{handle}/{capability_id} and /agents/{handle} without a 500", async () => {
    const logged = vi.spyOn(console, "error");
    const param = fc.oneof(rawText(0, 40), fc.constantFrom(known.handle, known.handle.slice(1), known.capabilityId, "%40", "@", "cap_", "cap_%00x"));
    await fc.assert(
      fc.asyncProperty(param, param, async (handle, capabilityId) => {
        const params = Promise.resolve({ handle, capabilityId });
        await expectAnswered(await getService(request(`/api/v1/services/x/y`), { params }));
        await expectAnswered(await getAgent(request(`/api/v1/agents/x`), { params }));
        await expectAnswered(await getAgentDocument(request(`/api/v1/agents/x/agent.json`), { params }));
      }),
      { numRuns: 150, endOnFailure: true },
    );
    expect(logged).not.toHaveBeenCalled();
    logged.mockRestore();
  }, 60_000);

  it("still finds what exists: the fuzzed routes are the real ones", async () => {
    const found = await getService(request("/"), { params: Promise.resolve(known) });
    expect(found.status).toBe(200);
    const search = await getServices(request("/api/v1/services?query=fuzzed&limit=5"));
    expect(search.status).toBe(200);
  });
});
