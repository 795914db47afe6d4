import { describe, expect, it } from "vitest";
import { minimalAgentFile, minimalCapability } from "./fixtures";
import { findJsonSyntaxProblem, lineAndColumn } from "./json-position";
import { MAX_AGENT_FILE_BYTES, checkAgentSchema, parseAgentFile, validateAgentDocument } from "./parse";
import type { AgentFileError, JsonObject } from "./types";

function errorsOf(document: unknown): AgentFileError[] {
  const result = validateAgentDocument(document);
  return result.ok ? [] : result.errors;
}

function capabilityErrors(overrides: JsonObject): AgentFileError[] {
  return errorsOf(minimalAgentFile({ capabilities: [minimalCapability(overrides)] }));
}

describe("parseAgentFile: JSON text", () => {
  it("accepts a valid document", () => {
    expect(parseAgentFile(JSON.stringify(minimalAgentFile(), null, 2)).ok).toBe(true);
  });

  it("reports malformed JSON with its line and column", () => {
    const text = '{\n  "ekl": "1.0",\n  "mode": ,\n}';
    expect(parseAgentFile(text)).toEqual({
      ok: false,
      errors: [{ path: "", message: 'not valid JSON: unexpected token "," at line 3, column 11' }],
    });
  });

  it("reports a trailing comma, an unterminated document and an empty file", () => {
    expect(parseAgentFile('{"a": [1, 2,]}')).toMatchObject({ errors: [{ message: 'not valid JSON: unexpected token "]" at line 1, column 13' }] });
    expect(parseAgentFile('{\n"a": [1')).toMatchObject({ errors: [{ message: "not valid JSON: unexpected end of input at line 2, column 8" }] });
    expect(parseAgentFile("")).toMatchObject({ errors: [{ message: "not valid JSON: unexpected end of input at line 1, column 1" }] });
  });

  it("reports bad strings and numbers", () => {
    expect(parseAgentFile('{"a": "x\ny"}')).toMatchObject({
      errors: [{ message: "not valid JSON: unescaped control character in a string at line 1, column 9" }],
    });
    expect(parseAgentFile('{"a": "\\q"}')).toMatchObject({ errors: [{ message: expect.stringContaining("bad escape in a string at line 1, column 8") }] });
    expect(parseAgentFile('{"a": 01}')).toMatchObject({ errors: [{ message: 'not valid JSON: unexpected token "1" at line 1, column 8' }] });
    expect(parseAgentFile("{'a': 1}")).toMatchObject({ errors: [{ message: 'not valid JSON: unexpected token "\'" at line 1, column 2' }] });
  });

  it("agrees with JSON.parse about what is valid", () => {
    const samples = ['{"a":1}', "[1,2]", '"x"', "1e5", "-0.5", "true", '{"a":"\\u00e9"}', "{} x", "[1,]", "01", "1.", "-", '"\\u12"', "nul"];
    for (const sample of samples) {
      let valid = true;
      try {
        JSON.parse(sample);
      } catch {
        valid = false;
      }
      expect(findJsonSyntaxProblem(sample) === null, sample).toBe(valid);
    }
  });

  it("counts lines across \\r\\n and columns in characters", () => {
    expect(lineAndColumn("a\r\nbc", 5)).toEqual({ line: 2, column: 3 });
    expect(lineAndColumn("😀x", 3)).toEqual({ line: 1, column: 3 });
  });

  it("ignores a leading byte-order mark", () => {
    expect(parseAgentFile("\uFEFF" + JSON.stringify(minimalAgentFile())).ok).toBe(true);
  });

  it("refuses a document over 512 KB before parsing it", () => {
    const big = JSON.stringify(minimalAgentFile({ agent: { handle: "@big", display_name: "B", purpose: "x".repeat(MAX_AGENT_FILE_BYTES) } }));
    const result = parseAgentFile(big);
    expect(result).toEqual({ ok: false, errors: [{ path: "", message: expect.stringContaining("at most 524288 bytes (512 KB)") }] });
    expect(parseAgentFile("x".repeat(MAX_AGENT_FILE_BYTES + 1)).ok).toBe(false);
  });

  it("measures the limit in UTF-8 bytes", () => {
    // 200,000 three-byte characters: under 512 K characters but over 512 KB.
    const purpose = "€".repeat(200_000);
    const result = parseAgentFile(JSON.stringify(minimalAgentFile({ agent: { handle: "@big", display_name: "B", purpose } })));
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.errors[0]?.message).toContain("512 KB");
  });
});

describe("validateAgentDocument: schema errors", () => {
  it("refuses what is not a JSON document", () => {
    expect(errorsOf(undefined)).toEqual([{ path: "", message: "is not a JSON document" }]);
    expect(errorsOf(BigInt(1))).toEqual([{ path: "", message: "is not a JSON document" }]);
    expect(errorsOf([])).toEqual([{ path: "", message: "must be an object, not a list" }]);
  });

  it("names each missing required field", () => {
    expect(errorsOf({ ekl: "1.0", mode: "service_provider", execution_mode: "durable" })).toEqual([
      { path: "/agent", message: "is required" },
      { path: "/adapter", message: "is required" },
      { path: "/capabilities", message: "is required" },
    ]);
    const { class: _class, limitations: _limitations, ...incomplete } = minimalCapability();
    expect(errorsOf(minimalAgentFile({ capabilities: [incomplete] })).map((e) => [e.path, e.message])).toEqual([
      ["/capabilities/0/limitations", "is required"],
      ["/capabilities/0/class", "is required"],
    ]);
  });

  it("words enum, const, pattern, length and bound errors plainly", () => {
    expect(capabilityErrors({ class: "reader" })).toEqual([
      { path: "/capabilities/0/class", message: "must be one of: read_only, transformation, external_action" },
    ]);
    expect(errorsOf(minimalAgentFile({ ekl: "2.0" }))).toEqual([{ path: "/ekl", message: 'must be "1.0"' }]);
    expect(capabilityErrors({ capability_id: "cap_X" })).toEqual([
      { path: "/capabilities/0/capability_id", message: "must be cap_ followed by 2 to 40 lowercase letters, digits or underscores" },
    ]);
    expect(capabilityErrors({ summary: "x".repeat(301) })).toEqual([{ path: "/capabilities/0/summary", message: "must be at most 300 characters" }]);
    expect(capabilityErrors({ max_duration_seconds: 4 })).toEqual([{ path: "/capabilities/0/max_duration_seconds", message: "must be at least 5" }]);
    expect(capabilityErrors({ max_duration_seconds: 7.5 })).toEqual([{ path: "/capabilities/0/max_duration_seconds", message: "must be a whole number" }]);
    expect(capabilityErrors({ version: "1.0" })).toEqual([{ path: "/capabilities/0/version", message: "must be a version like 1.0.0" }]);
    expect(errorsOf(minimalAgentFile({ payment: { link: "http://pay" } }))).toEqual([{ path: "/payment/link", message: "must start with https://" }]);
    expect(errorsOf(minimalAgentFile({ adapter: { endpoint: "" } }))).toEqual([{ path: "/adapter/endpoint", message: "must not be empty" }]);
  });

  it("words type errors and nullable fields", () => {
    expect(capabilityErrors({ offered: "yes" })).toEqual([{ path: "/capabilities/0/offered", message: "must be true or false, not a string" }]);
    expect(capabilityErrors({ cancellation: 3 })).toEqual([{ path: "/capabilities/0/cancellation", message: "must be a string or null, not a whole number" }]);
    expect(capabilityErrors({ input_schema: [] })).toEqual([{ path: "/capabilities/0/input_schema", message: "must be an object, not a list" }]);
    expect(capabilityErrors({ example: {} })).toEqual([{ path: "/capabilities/0/example/input", message: "is required" }]);
    expect(capabilityErrors({ data: { inputs: { days: 0 } } })).toEqual([{ path: "/capabilities/0/data/inputs/days", message: "must be at least 1" }]);
    expect(capabilityErrors({ data: { inputs: { days: null } } })).toEqual([]);
  });

  it("words list errors", () => {
    expect(capabilityErrors({ mature_reasons: ["dating", "dating"], content_rating: "mature" })).toEqual([
      { path: "/capabilities/0/mature_reasons", message: 'must not list "dating" twice' },
    ]);
    expect(capabilityErrors({ tags: ["a", "b", "c", "d", "e", "f", "g", "h"] })).toEqual([
      { path: "/capabilities/0/tags", message: "must have at most 7 items" },
    ]);
    expect(errorsOf(minimalAgentFile({ capabilities: [] }))).toEqual([{ path: "/capabilities", message: "must have at least 1 item" }]);
  });

  it("names each field that is not allowed, with its own path", () => {
    expect(errorsOf(minimalAgentFile({ extra: 1, "a/b": 2 }))).toEqual([
      { path: "/extra", message: '"extra" is not an allowed field here' },
      { path: "/a~1b", message: '"a/b" is not an allowed field here' },
    ]);
  });

  it("allows extra fields on plans only", () => {
    expect(capabilityErrors({ plans: [{ type: "free", anything: { at: "all" } }] })).toEqual([]);
    expect(capabilityErrors({ plans: [{ price: 1 }] })).toEqual([{ path: "/capabilities/0/plans/0/type", message: "is required" }]);
  });

  it("reports every schema error at once", () => {
    const errors = errorsOf(
      minimalAgentFile({
        agent: { handle: "homes", display_name: "H", purpose: "P" },
        capabilities: [minimalCapability({ class: "nope", version: "1" })],
      }),
    );
    expect(errors.map((e) => e.path)).toEqual(["/agent/handle", "/capabilities/0/class", "/capabilities/0/version"]);
  });

  it("checkAgentSchema gives the schema verdict alone", () => {
    expect(checkAgentSchema(minimalAgentFile({ capabilities: [minimalCapability({ content_rating: "mature" })] })).ok).toBe(true);
  });
});

describe("validateAgentDocument: every error in one pass", () => {
  it("adds the rules' errors of the schema-valid capabilities to the schema errors, each with its path", () => {
    const errors = errorsOf(
      minimalAgentFile({
        agent: { handle: "homes", display_name: "H", purpose: "P" },
        capabilities: [
          // Fails the schema: its rule problems (no mature reason, unknown tag) wait until it passes.
          minimalCapability({ class: "nope", content_rating: "mature", tags: ["unknown_tag"] }),
          minimalCapability({ tool: "sell_homes", content_rating: "mature", tags: ["wether"] }),
        ],
      }),
    );
    expect(errors).toEqual([
      { path: "/agent/handle", message: "must be @ followed by 2 to 31 lowercase letters, digits or hyphens, not starting with a hyphen" },
      { path: "/capabilities/0/class", message: "must be one of: read_only, transformation, external_action" },
      { path: "/capabilities/1/mature_reasons", message: "a mature capability needs at least one reason" },
      { path: "/capabilities/1/tags/0", message: 'unknown tag "wether"; did you mean #weather?' },
    ]);
  });

  it("reports a document with only rule errors as before: the rules' order, nothing added", () => {
    const errors = errorsOf(
      minimalAgentFile({
        defaults: { plans: [{ type: "per_call", price_usd: 0.01 }, { type: "per_call" }] },
        capabilities: [
          minimalCapability({ content_rating: "mature", tags: ["wether"], repeat: "return_kept" }),
          minimalCapability({ class: "transformation", outside_action: "records", category: "nowhere.x", storage_free_accepted: true }),
        ],
      }),
    );
    expect(errors.map((e) => e.path)).toEqual([
      "/defaults/plans/1/plan_id",
      "/capabilities/0/mature_reasons",
      "/capabilities/0/repeat",
      "/capabilities/0/storage_free_accepted",
      "/capabilities/0/tags/0",
      "/capabilities/1/capability_id",
      "/capabilities/1/outside_action",
      "/capabilities/1/category",
    ]);
  });

  it("skips only the rules that read a part which failed the schema", () => {
    // An unknown execution mode: return_kept and the storage-free payment rule cannot be judged; tags can.
    const badMode = errorsOf(
      minimalAgentFile({
        execution_mode: "storage-free",
        capabilities: [minimalCapability({ repeat: "return_kept", plans: [{ type: "per_call" }], tags: ["wether"] })],
      }),
    );
    expect(badMode.map((e) => e.path)).toEqual(["/execution_mode", "/capabilities/0/tags/0"]);

    // Broken default plans: a capability living on them is not judged on them; one with its own plans is.
    const badPlans = errorsOf(
      minimalAgentFile({
        defaults: { plans: [{ type: "per_call" }, { type: "monthly" }] },
        capabilities: [minimalCapability(), minimalCapability({ tool: "paid_homes", plans: [{ type: "pack" }] })],
      }),
    );
    expect(badPlans.map((e) => e.path)).toEqual(["/defaults/plans/1/type", "/capabilities/1/storage_free_accepted"]);

    // Broken default data: the default plans are still read.
    const badData = errorsOf(minimalAgentFile({ defaults: { plans: [{ type: "per_call" }, { type: "per_call" }], data: { used_for_training: "no" } } }));
    expect(badData.map((e) => e.path)).toEqual(["/defaults/data/used_for_training", "/defaults/plans/1/plan_id", "/capabilities/0/storage_free_accepted"]);
    expect(errorsOf(minimalAgentFile({ defaults: "none", capabilities: [minimalCapability({ tags: ["wether"] })] })).map((e) => e.path)).toEqual([
      "/defaults",
      "/capabilities/0/tags/0",
    ]);
  });

  it("checks capability IDs for duplicates among the schema-valid capabilities", () => {
    const errors = errorsOf(
      minimalAgentFile({
        adapter: { endpoint: "" },
        capabilities: [minimalCapability(), minimalCapability({ name: 3 }), minimalCapability()],
      }),
    );
    expect(errors).toEqual([
      { path: "/adapter/endpoint", message: "must not be empty" },
      { path: "/capabilities/1/name", message: "must be a string, not a whole number" },
      {
        path: "/capabilities/2/capability_id",
        message: 'capability ID "cap_search_homes" is already used by capability 0; set a different capability_id',
      },
    ]);
  });

  it("keeps the values PostgreSQL cannot store first, and still judges the rules beside the schema", () => {
    const errors = errorsOf(
      minimalAgentFile({
        mode: "nope",
        capabilities: [minimalCapability({ name: "a\u0000b", content_rating: "mature" })],
      }),
    );
    expect(errors.map((e) => e.path)).toEqual(["/capabilities/0/name", "/mode", "/capabilities/0/mature_reasons"]);
  });
});
