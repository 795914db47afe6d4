import { describe, expect, it } from "vitest";
import { validateAgentDocument } from "@/lib/model/agent-file/parse";
import seedCard from "./fixtures/seed-002-keai.json";
import specCard from "./fixtures/spec-shape-card.json";
import { a2aCardToAgentFile } from "./to-agent-file";

function converted(card: unknown) {
  const result = a2aCardToAgentFile(card);
  if (!result.ok) throw new Error(`expected a draft, got ${JSON.stringify(result.problems)}`);
  return result;
}

function problems(card: unknown) {
  const result = a2aCardToAgentFile(card);
  if (result.ok) throw new Error("expected problems, got a draft");
  return result.problems;
}

/** What the editor asks the publisher for, filled in the way they would. */
function completed(agentFile: Record<string, unknown>, fill: Record<string, unknown> = {}) {
  const capabilities = (agentFile.capabilities as Record<string, unknown>[]).map((c) => ({
    ...c,
    category: c.category ?? "food",
    class: "read_only",
    limitations: "Answers from its own index only.",
    ...fill,
  }));
  return {
    ...agentFile,
    execution_mode: "durable",
    defaults: { data: { inputs: { retention: "none" }, results: { retention: "none" }, used_for_training: false } },
    capabilities,
  };
}

describe("a2aCardToAgentFile: seed 002 (the A2A 0.3 shape)", () => {
  const result = converted(seedCard);
  const agent = result.agentFile.agent as Record<string, unknown>;
  const capabilities = result.agentFile.capabilities as Record<string, unknown>[];

  it("maps the profile: name, description, provider", () => {
    expect(result.format).toBe("a2a_card");
    expect(agent).toEqual({ handle: "@keai", display_name: "keai", purpose: seedCard.description, website: "https://k-e.ai" });
    expect(result.agentFile.mode).toBe("service_provider");
    expect(result.notes).toContain("Provided by keai (https://k-e.ai).");
  });

  it("says the security in words, and where the card's A2A endpoint is", () => {
    expect(
      result.notes.some((n) => n.startsWith("Calling this agent needs a bearer token issued by the provider (the card says: “Token por contraparte")),
    ).toBe(true);
    expect(result.notes.some((n) => n.startsWith("The card's A2A endpoint is https://auth.k-e.ai/a2a/v1 (JSONRPC)."))).toBe(true);
    // An A2A URL is not an MCP endpoint: the draft waits for its adapter.
    expect(result.agentFile.adapter).toEqual({ endpoint: "${ADAPTER_URL}" });
  });

  it("makes each skill a capability, with the version and the modes noted", () => {
    expect(capabilities.map((c) => [c.tool, c.capability_id, c.version])).toEqual([
      ["ask", "cap_ask", "1.0.0"],
      ["poll", "cap_poll", "1.0.0"],
      ["reply", "cap_reply", "1.0.0"],
      ["presence", "cap_presence", "1.0.0"],
    ]);
    expect(capabilities[0]?.name).toBe("Pedile algo al agente de un humano de keai");
    expect(result.notes).toContain("skills[0] (ask) takes text/plain, answers text/plain; its adapter tool's schemas say what Explore sends and shows.");
  });

  it("shortens a description longer than a summary, and says so", () => {
    const summary = String(capabilities[1]?.summary);
    expect([...summary].length).toBeLessThanOrEqual(300);
    expect(summary.endsWith("…")).toBe(true);
    expect(result.notes).toContain("skills[1].description is longer than a summary's 300 characters: it was shortened.");
  });

  it("drops tags outside Explore's vocabulary with a note, and asks for the category when none is left", () => {
    expect(capabilities[0]?.tags).toBeUndefined();
    expect(capabilities[0]?.category).toBeNull();
    expect(result.notes.filter((n) => n.startsWith("skills[0].tags["))).toHaveLength(3);
    expect(result.notes.some((n) => n.startsWith("skills[0].tags[2] “human-in-the-loop” is not one of Explore's tags and was dropped"))).toBe(true);
    expect(result.toComplete).toContainEqual({ path: "capabilities[0].category", why: expect.stringContaining("choose its category") });
  });

  it("lists what agent.json needs and A2A lacks", () => {
    const paths = result.toComplete.map((t) => t.path);
    for (let i = 0; i < 4; i++) for (const field of ["class", "limitations"]) expect(paths).toContain(`capabilities[${i}].${field}`);
    expect(paths).toContain("execution_mode");
    expect(paths).toContain("defaults.data");
    // No plan is a statement agent.json accepts (free without a limit): noted, not asked for.
    expect(result.notes).toContain("A2A states no price: the services are free without a limit unless you add plans (per call, subscription or pack).");
  });

  it("is a valid agent.json once the publisher completes those fields", () => {
    const outcome = validateAgentDocument(completed(result.agentFile));
    expect(outcome.ok ? [] : outcome.errors).toEqual([]);
  });
});

describe("a2aCardToAgentFile: a card in the A2A SDK's current shape", () => {
  const result = converted(specCard);
  const capabilities = result.agentFile.capabilities as Record<string, unknown>[];

  it("reads supportedInterfaces, keyed schemes and requirements", () => {
    expect(result.notes).toContain(
      "The card's A2A endpoint is https://recipes.example.org/a2a (JSONRPC); also https://recipes.example.org/a2a/rest (HTTP+JSON). Explore calls services over MCP: the adapter's MCP endpoint goes in adapter.endpoint (or its adapter announces it).",
    );
    expect(result.notes).toContain(
      "Calling this agent needs an API key issued by the provider, sent in the header “X-Recipe-Key”, or needs an OAuth 2.0 access token from the provider (client credentials flow).",
    );
    expect(result.notes).toContain("The card says it streams answers; Explore shows one answer per run.");
  });

  it("keeps a capability-shaped skill id, maps known tags, takes the first example as the problem", () => {
    expect(capabilities[0]).toMatchObject({
      tool: "cap_find_recipes",
      capability_id: "cap_find_recipes",
      category: "food.recipes",
      tags: ["recipes"],
      version: "2.1.0",
      example: { input: {}, problem: "What can I cook with leeks and potatoes?" },
    });
    expect(result.notes.some((n) => n.startsWith("skills[0].tags[2] “kitchen-sink” is not one of Explore's tags"))).toBe(true);
    expect(result.notes).toContain("skills[0] has 2 examples: the first became the service's example problem.");
    expect(capabilities[1]).toMatchObject({ tool: "convert-units", capability_id: "cap_convert_units" });
    expect(result.agentFile.agent).toMatchObject({ handle: "@recipe-agent", website: "https://kitchens.example.org" });
  });

  it("is a valid agent.json once completed", () => {
    const outcome = validateAgentDocument(completed(result.agentFile));
    expect(outcome.ok ? [] : outcome.errors).toEqual([]);
  });
});

describe("a2aCardToAgentFile: bad cards get their paths in words, and no draft", () => {
  it("refuses what is not a JSON object", () => {
    expect(problems([])).toEqual([{ path: "", message: "An A2A agent card is a JSON object." }]);
    expect(problems("card")).toEqual([{ path: "", message: "An A2A agent card is a JSON object." }]);
  });

  it("asks for the url when the card says nowhere where it listens", () => {
    const { url: _url, ...card } = seedCard;
    expect(problems(card)).toEqual([{ path: "url", message: expect.stringContaining("is missing") }]);
  });

  it("names each bad field by its path in the card", () => {
    const card = structuredClone(seedCard) as Record<string, unknown> & { skills: Record<string, unknown>[] };
    card.name = "";
    card.url = "not a url";
    card.skills[2] = { ...card.skills[2], name: 42 };
    delete card.skills[3]?.description;
    expect(problems(card)).toEqual([
      { path: "name", message: "must not be empty" },
      { path: "url", message: "must be a web address (https://…)" },
      { path: "skills[2].name", message: "must be text" },
      { path: "skills[3].description", message: "is missing" },
    ]);
  });

  it("refuses a card without skills and a scheme of an unknown type", () => {
    const card = { ...seedCard, skills: [], securitySchemes: { bearer: { type: "magic" } } };
    expect(problems(card)).toEqual([
      { path: "securitySchemes.bearer.type", message: expect.stringContaining("has a type A2A does not define") },
      { path: "skills", message: "must list at least 1" },
    ]);
  });

  it("checks the current shape too", () => {
    const card = { ...specCard, supportedInterfaces: [{ url: "https://recipes.example.org/a2a" }] };
    expect(problems(card)).toEqual([{ path: "supportedInterfaces[0].protocolBinding", message: "is missing" }]);
  });
});
