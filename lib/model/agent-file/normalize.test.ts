import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { minimalAgentFile, minimalCapability } from "./fixtures";
import { validateAgentDocument } from "./parse";
import type { AgentFileError, JsonObject, NormalizedAgent } from "./types";

function accept(document: JsonObject): NormalizedAgent {
  const result = validateAgentDocument(document);
  if (!result.ok) throw new Error(`expected a valid document, got ${JSON.stringify(result.errors)}`);
  return result.agent;
}

function reject(document: JsonObject): AgentFileError[] {
  const result = validateAgentDocument(document);
  if (result.ok) throw new Error("expected the document to be refused");
  return result.errors;
}

function withCapability(overrides: JsonObject, top: JsonObject = {}): JsonObject {
  return minimalAgentFile({ capabilities: [minimalCapability(overrides)], ...top });
}

function onlyCapability(agent: NormalizedAgent) {
  const capability = agent.capabilities[0];
  if (!capability) throw new Error("no capability");
  return capability;
}

describe("defaults (rule 3)", () => {
  it("fills every default of a minimal capability", () => {
    const capability = onlyCapability(accept(minimalAgentFile()));
    expect(capability).toMatchObject({
      capabilityId: "cap_search_homes",
      version: "1.0.0",
      contentRating: "general",
      matureReasons: [],
      offered: true,
      needsConfirmation: false,
      listed: true,
      plans: [{ planId: "free", type: "free", extra: {} }],
      storageFreeAccepted: false,
      outsideAction: null,
      effects: null,
      example: null,
      refreshes: null,
      inputSchema: null,
      outputSchema: null,
    });
  });

  it("fills the agent's defaults", () => {
    const agent = accept(minimalAgentFile());
    expect(agent).toMatchObject({
      dataDeclared: true,
      interests: [],
      languages: [],
      logoUrl: null,
      website: null,
      terms: null,
      payment: null,
      resultRetentionDays: null,
      endpointPending: false,
    });
  });

  it("keeps a capability_id that is written", () => {
    expect(onlyCapability(accept(withCapability({ capability_id: "cap_homes" }))).capabilityId).toBe("cap_homes");
  });

  it("refuses a default capability ID that is not a valid ID", () => {
    const errors = reject(withCapability({ tool: "Search-Homes" }));
    expect(errors).toEqual([{ path: "/capabilities/0/capability_id", message: expect.stringContaining("set capability_id") }]);
  });

  it("refuses a default capability ID that is too long", () => {
    const errors = reject(withCapability({ tool: "x".repeat(41) }));
    expect(errors.map((e) => e.path)).toEqual(["/capabilities/0/capability_id"]);
  });

  it("names plans by type unless plan_id is written, keeping the other fields", () => {
    const capability = onlyCapability(
      accept(
        withCapability({
          storage_free_accepted: true,
          plans: [
            { type: "free", daily_limit: 20 },
            { type: "per_call", plan_id: "standard", price_usd: 0.05 },
          ],
        }),
      ),
    );
    expect(capability.plans).toEqual([
      { planId: "free", type: "free", extra: { daily_limit: 20 } },
      { planId: "standard", type: "per_call", extra: { price_usd: 0.05 } },
    ]);
  });

  it("uses defaults.plans unless the capability has its own plans, which replace them", () => {
    const agent = accept(
      minimalAgentFile({
        defaults: { plans: [{ type: "free", daily_limit: 5 }] },
        capabilities: [minimalCapability(), minimalCapability({ tool: "other", plans: [{ type: "free", daily_limit: 9 }] })],
      }),
    );
    expect(agent.capabilities.map((c) => c.plans)).toEqual([
      [{ planId: "free", type: "free", extra: { daily_limit: 5 } }],
      [{ planId: "free", type: "free", extra: { daily_limit: 9 } }],
    ]);
  });

  it("treats an empty plan list as free without a stated limit", () => {
    expect(onlyCapability(accept(withCapability({ plans: [] }))).plans).toEqual([{ planId: "free", type: "free", extra: {} }]);
  });

  it("refuses two plans with the same plan ID", () => {
    const errors = reject(withCapability({ plans: [{ type: "free" }, { type: "free", daily_limit: 3 }] }));
    expect(errors).toEqual([{ path: "/capabilities/0/plans/1/plan_id", message: expect.stringContaining("used twice") }]);
    const defaults = reject(minimalAgentFile({ defaults: { plans: [{ type: "free" }, { type: "free" }] } }));
    expect(defaults.map((e) => e.path)).toEqual(["/defaults/plans/1/plan_id"]);
  });

  it("applies defaults.data key by key: a capability's part replaces the default part whole", () => {
    const agent = accept(
      minimalAgentFile({
        defaults: {
          data: {
            inputs: { retention: "retained", days: 30, journal: true },
            results: { retention: "none" },
            used_for_training: false,
            processing_regions: ["DE"],
          },
        },
        capabilities: [minimalCapability({ data: { inputs: { retention: "none" }, processing_regions: ["FR", "DE"] } })],
      }),
    );
    expect(onlyCapability(agent).data).toEqual({
      acceptedDataClasses: null,
      inputs: { retention: "none", days: null, journal: null },
      results: { retention: "none", days: null, journal: null },
      executionMetadata: null,
      downstream: null,
      usedForTraining: false,
      processingRegions: ["FR", "DE"],
      deletionOnRequest: null,
      encryptedAtRest: null,
      dpaUrl: null,
    });
  });

  it("maps the whole data declaration", () => {
    const data = {
      accepted_data_classes: ["public", "personal"],
      execution_metadata: { retention_days: 7 },
      downstream: { retention: "retained", days: 90, subprocessors: [{ name: "Acme", purpose: "hosting", region: "US" }] },
      deletion_on_request: true,
      encrypted_at_rest: true,
      dpa_url: "https://example.com/dpa",
    };
    expect(onlyCapability(accept(withCapability({ data }))).data).toMatchObject({
      acceptedDataClasses: ["public", "personal"],
      executionMetadata: { retentionDays: 7 },
      downstream: { retention: "retained", days: 90, journal: null, subprocessors: [{ name: "Acme", purpose: "hosting", region: "US" }] },
      deletionOnRequest: true,
      encryptedAtRest: true,
      dpaUrl: "https://example.com/dpa",
    });
  });

  it("fills the example's defaults", () => {
    const capability = onlyCapability(accept(withCapability({ example: { input: { q: 1 } } })));
    expect(capability.example).toEqual({
      input: { q: 1 },
      problem: null,
      successCriteria: null,
      expectedOutput: null,
      origin: "publisher",
      helpers: [],
    });
  });
});

describe("repeat (rule 4)", () => {
  it("defaults to refresh in storage-free mode and return_kept in durable mode", () => {
    expect(onlyCapability(accept(minimalAgentFile())).repeat).toBe("refresh");
    expect(onlyCapability(accept(minimalAgentFile({ execution_mode: "durable" }))).repeat).toBe("return_kept");
  });

  it("defaults to status_only for an external action in either mode", () => {
    const external = { class: "external_action", outside_action: "send_messages" };
    expect(onlyCapability(accept(withCapability(external))).repeat).toBe("status_only");
    expect(onlyCapability(accept(withCapability(external, { execution_mode: "durable" }))).repeat).toBe("status_only");
  });

  it("refuses return_kept in storage-free mode", () => {
    expect(reject(withCapability({ repeat: "return_kept" }))).toEqual([
      { path: "/capabilities/0/repeat", message: "return_kept is not possible in storage-free mode: nothing is stored to return" },
    ]);
    expect(onlyCapability(accept(withCapability({ repeat: "return_kept" }, { execution_mode: "durable" }))).repeat).toBe("return_kept");
  });
});

describe("mature content (rule 5)", () => {
  it("needs at least one reason for a mature capability", () => {
    expect(reject(withCapability({ content_rating: "mature", category: "wine" }))).toEqual([
      { path: "/capabilities/0/mature_reasons", message: "a mature capability needs at least one reason" },
    ]);
    expect(reject(withCapability({ content_rating: "mature", mature_reasons: [] }))[0]?.path).toBe("/capabilities/0/mature_reasons");
  });

  it("refuses reasons on a general capability", () => {
    const errors = reject(withCapability({ mature_reasons: ["alcohol"] }));
    expect(errors.map((e) => e.path)).toEqual(["/capabilities/0/mature_reasons"]);
  });

  it("accepts a mature capability with its reasons", () => {
    const capability = onlyCapability(accept(withCapability({ content_rating: "mature", mature_reasons: ["alcohol", "gambling"] })));
    expect(capability.contentRating).toBe("mature");
    expect(capability.matureReasons).toEqual(["alcohol", "gambling"]);
  });
});

describe("paid in storage-free mode (rule 6)", () => {
  const paid = { plans: [{ type: "per_call", price_usd: 0.1 }] };

  it("needs storage_free_accepted, reported on the capability", () => {
    expect(reject(withCapability(paid))).toEqual([
      { path: "/capabilities/0/storage_free_accepted", message: expect.stringContaining("storage_free_accepted: true") },
    ]);
    expect(reject(withCapability({ ...paid, storage_free_accepted: false }))).toHaveLength(1);
    expect(onlyCapability(accept(withCapability({ ...paid, storage_free_accepted: true }))).storageFreeAccepted).toBe(true);
  });

  it("applies to paid default plans too", () => {
    const errors = reject(minimalAgentFile({ defaults: { plans: [{ type: "subscription" }] } }));
    expect(errors.map((e) => e.path)).toEqual(["/capabilities/0/storage_free_accepted"]);
  });

  it("does not apply to free plans or to durable mode", () => {
    accept(withCapability({ plans: [{ type: "free" }] }));
    accept(withCapability(paid, { execution_mode: "durable" }));
  });
});

describe("external actions (rule 7)", () => {
  it("needs outside_action", () => {
    expect(reject(withCapability({ class: "external_action" })).map((e) => e.path)).toEqual(["/capabilities/0/outside_action"]);
  });

  it("refuses outside_action and effects on other classes", () => {
    const errors = reject(withCapability({ class: "transformation", outside_action: "submit", effects: { escalate: true } }));
    expect(errors.map((e) => e.path)).toEqual(["/capabilities/0/outside_action", "/capabilities/0/effects"]);
  });

  it("keeps the effects of an external action with their defaults", () => {
    const capability = onlyCapability(
      accept(withCapability({ class: "external_action", outside_action: "schedule", effects: { dry_run_argument: "dry_run" } })),
    );
    expect(capability.outsideAction).toBe("schedule");
    expect(capability.effects).toEqual({ idempotencyArgument: null, outcomeLookup: null, escalate: false, dryRunArgument: "dry_run" });
  });
});

describe("tags (rule 8)", () => {
  it("puts the category's tag first, then the tags in order, each once", () => {
    const capability = onlyCapability(accept(withCapability({ tags: ["#maps", "Property", "travel", "#MAPS"] })));
    expect(capability.tags).toEqual(["real_estate", "maps", "travel"]);
  });

  it("uses the category's first segment only", () => {
    expect(onlyCapability(accept(withCapability({ category: "units.length.metric" }))).tags).toEqual(["units"]);
  });

  it("refuses a category whose first segment is not a tag", () => {
    const errors = reject(withCapability({ category: "weathr.forecast" }));
    expect(errors).toEqual([{ path: "/capabilities/0/category", message: expect.stringContaining("#weather") }]);
  });

  it("refuses unknown tags with suggestions, all at once", () => {
    const errors = reject(withCapability({ tags: ["maps", "foo", "xyzzyqq"] }));
    expect(errors).toEqual([
      { path: "/capabilities/0/tags/1", message: expect.stringMatching(/^unknown tag "foo"; did you mean #food, #football/) },
      { path: "/capabilities/0/tags/2", message: `unknown tag "xyzzyqq"; it is not one of the network's tags` },
    ]);
  });

  it("accepts the app-store top-level categories and dotted sub-category tags such as communication.sms", () => {
    const sms = onlyCapability(accept(withCapability({ category: "communication.sms", tags: ["communication.sms", "Communication.Email"] })));
    expect(sms.tags).toEqual(["communication", "messaging", "email"]);
    const tops =
      "communication utilities productivity business finance developer_tools data media education health travel shopping entertainment security science";
    for (const top of tops.split(" ")) {
      expect(onlyCapability(accept(withCapability({ category: `${top}.anything` }))).tags, top).toEqual([top]);
    }
  });

  it("refuses a dotted tag whose parts do not belong together, pointing at what its last part means", () => {
    const errors = reject(withCapability({ tags: ["finance.sms", "comunication.smss"] }));
    expect(errors).toEqual([
      { path: "/capabilities/0/tags/0", message: expect.stringMatching(/^unknown tag "finance\.sms"; did you mean #messaging/) },
      { path: "/capabilities/0/tags/1", message: expect.stringMatching(/^unknown tag "comunication\.smss"; did you mean #messaging/) },
    ]);
  });

  it("suggests the nearest tags for a misspelt tag or category, the same way every time", () => {
    const first = reject(withCapability({ category: "comunication.sms", tags: ["utilties"] }));
    expect(first).toEqual([
      {
        path: "/capabilities/0/category",
        message: `the category's first part "comunication" is not one of the network's tags; did you mean #communication, #notifications or #pharmacy?`,
      },
      { path: "/capabilities/0/tags/0", message: `unknown tag "utilties"; did you mean #utilities?` },
    ]);
    expect(reject(withCapability({ category: "comunication.sms", tags: ["utilties"] }))).toEqual(first);
  });

  it("refuses more than 7 tags counting the category's", () => {
    const seven = ["maps", "travel", "weather", "food", "wine", "music", "books"];
    const errors = reject(withCapability({ tags: seven }));
    expect(errors).toEqual([{ path: "/capabilities/0/tags", message: expect.stringContaining("at most 7") }]);
    expect(onlyCapability(accept(withCapability({ tags: ["real estate", ...seven.slice(1)] }))).tags).toHaveLength(7);
  });
});

describe("unique capability IDs (rule 11)", () => {
  it("refuses a repeated capability ID, written or defaulted", () => {
    const errors = reject(
      minimalAgentFile({
        capabilities: [
          minimalCapability(),
          minimalCapability({ tool: "other" }),
          minimalCapability({ tool: "third", capability_id: "cap_search_homes" }),
          minimalCapability({ capability_id: "cap_other" }),
        ],
      }),
    );
    expect(errors).toEqual([
      { path: "/capabilities/2/capability_id", message: expect.stringContaining("already used by capability 0") },
      { path: "/capabilities/3/capability_id", message: expect.stringContaining("already used by capability 1") },
    ]);
  });
});

describe("offered (rule 12)", () => {
  it("lists only offered capabilities that need no confirmation", () => {
    const agent = accept(
      minimalAgentFile({
        capabilities: [
          minimalCapability({ tool: "a_1" }),
          minimalCapability({ tool: "b_1", offered: false }),
          minimalCapability({ tool: "c_1", needs_confirmation: true }),
          minimalCapability({ tool: "d_1", needs_confirmation: false, offered: true }),
        ],
      }),
    );
    expect(agent.capabilities.map((c) => [c.capabilityId, c.listed])).toEqual([
      ["cap_a_1", true],
      ["cap_b_1", false],
      ["cap_c_1", false],
      ["cap_d_1", true],
    ]);
  });
});

describe("local-only fields and placeholders (rule 2)", () => {
  const local = minimalAgentFile({
    adapter: { endpoint: "${ADAPTER_URL}", path: "/ekl", storage: "${DB}", result_retention_days: 3 },
    terms: { text_file: "./terms.md", text: "Be nice.", version: "2" },
    upstream: { mcp_url: "${UPSTREAM}" },
    network: { url: "https://eukollab.ai" },
  });

  it("removes them from the published document and keeps everything else as written", () => {
    const agent = accept(local);
    expect(agent.document).toEqual(
      minimalAgentFile({
        adapter: { endpoint: "${ADAPTER_URL}", result_retention_days: 3 },
        terms: { text: "Be nice.", version: "2" },
      }),
    );
    expect(JSON.stringify(agent)).not.toContain("UPSTREAM");
    expect(JSON.stringify(agent)).not.toContain("terms.md");
    expect(JSON.stringify(agent)).not.toContain("${DB}");
  });

  it("keeps ${NAME} endpoints as written and marks them pending", () => {
    const agent = accept(local);
    expect(agent.endpoint).toBe("${ADAPTER_URL}");
    expect(agent.endpointPending).toBe(true);
    expect(accept(minimalAgentFile({ adapter: { endpoint: "https://${HOST}/ekl" } })).endpointPending).toBe(true);
    expect(accept(minimalAgentFile({ adapter: { endpoint: "https://$HOST/ekl" } })).endpointPending).toBe(false);
  });

  it("publishes terms text with its SHA-256", () => {
    const agent = accept(local);
    expect(agent.terms).toEqual({
      text: "Be nice.",
      textSha256: createHash("sha256").update("Be nice.").digest("hex"),
      url: null,
      version: "2",
    });
    expect(accept(minimalAgentFile({ terms: { url: "https://x.example/terms" } })).terms).toEqual({
      text: null,
      textSha256: null,
      url: "https://x.example/terms",
      version: null,
    });
  });

  it("refuses a field named __proto__ rather than normalising it into a document the database cannot take", () => {
    const errors = reject(withCapability({ input_schema: JSON.parse('{"type":"object","__proto__":{"x":1}}') }));
    expect(errors).toEqual([{ path: "/capabilities/0/input_schema", message: expect.stringContaining('"__proto__"') }]);
  });
});

describe("payment and agent fields", () => {
  it("maps them", () => {
    const agent = accept(
      minimalAgentFile({
        agent: { handle: "@a-b", display_name: "A", purpose: "P", interests: ["x"], languages: ["en"], logo: "https://l", website: null },
        payment: { link: "https://pay.example.com" },
        data_declared: false,
        mode: "active_participant",
      }),
    );
    expect(agent).toMatchObject({
      handle: "@a-b",
      interests: ["x"],
      languages: ["en"],
      logoUrl: "https://l",
      website: null,
      payment: { link: "https://pay.example.com", note: null },
      dataDeclared: false,
      mode: "active_participant",
    });
  });
});

describe("cross-field errors", () => {
  it("are all reported at once, across capabilities", () => {
    const errors = reject(
      minimalAgentFile({
        capabilities: [
          minimalCapability({ content_rating: "mature" }),
          minimalCapability({ tool: "b_1", class: "external_action", repeat: "return_kept", tags: ["nope"] }),
        ],
      }),
    );
    expect(errors.map((e) => e.path)).toEqual([
      "/capabilities/0/mature_reasons",
      "/capabilities/1/outside_action",
      "/capabilities/1/repeat",
      "/capabilities/1/tags/0",
    ]);
  });
});

describe("what Explore's columns can hold", () => {
  const big = 2_147_483_648;

  it("refuses whole numbers beyond a PostgreSQL integer where they become columns, and accepts the largest", () => {
    expect(
      reject(
        withCapability(
          { refreshes: { per_execution: big, within_hours: 1 }, plans: [{ type: "free", daily_limit: big }] },
          { execution_mode: "durable", adapter: { endpoint: "https://mcp.example.com/ekl", result_retention_days: big, execution_id_retention_days: big } },
        ),
      ),
    ).toEqual([
      { path: "/adapter/result_retention_days", message: "must be at most 2147483647, the largest whole number Explore stores" },
      { path: "/adapter/execution_id_retention_days", message: "must be at most 2147483647, the largest whole number Explore stores" },
      { path: "/capabilities/0/plans/0/daily_limit", message: "must be at most 2147483647, the largest whole number Explore stores" },
      { path: "/capabilities/0/refreshes/per_execution", message: "must be at most 2147483647, the largest whole number Explore stores" },
    ]);
    const largest = 2_147_483_647;
    expect(
      onlyCapability(accept(withCapability({ refreshes: { per_execution: largest, within_hours: largest }, plans: [{ type: "free", daily_limit: largest }] })))
        .refreshes,
    ).toEqual({
      perExecution: largest,
      withinHours: largest,
    });
  });

  it("refuses a price numeric(12,4) cannot hold, in the capability's plans and the defaults", () => {
    const paid = (price: number) => ({ type: "per_call", price_usd: price });
    expect(reject(withCapability({ plans: [paid(100_000_000)], storage_free_accepted: true }, { defaults: { plans: [paid(-99_999_999.99996)] } }))).toEqual([
      { path: "/defaults/plans/0/price_usd", message: "must be at most 99999999.9999 dollars, the largest price Explore stores" },
      { path: "/capabilities/0/plans/0/price_usd", message: "must be at most 99999999.9999 dollars, the largest price Explore stores" },
    ]);
    expect(accept(withCapability({ plans: [paid(99_999_999.9999)], storage_free_accepted: true })).capabilities).toHaveLength(1);
  });

  it("refuses a category or plan ID longer than an index holds, and accepts 500 characters", () => {
    const long = "😀".repeat(501);
    expect(reject(withCapability({ category: `real_estate.${long}`, plans: [{ type: "free", plan_id: long }] }))).toEqual([
      { path: "/capabilities/0/plans/0/plan_id", message: "must be at most 500 characters, the longest Explore indexes" },
      { path: "/capabilities/0/category", message: "must be at most 500 characters, the longest Explore indexes" },
    ]);
    const category = `real_estate.${"😀".repeat(500 - "real_estate.".length)}`;
    expect(onlyCapability(accept(withCapability({ category, plans: [{ type: "free", plan_id: "😀".repeat(500) }] }))).category).toBe(category);
  });
});
