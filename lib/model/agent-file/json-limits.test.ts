import { describe, expect, it } from "vitest";
import { minimalAgentFile, minimalCapability } from "./fixtures";
import { findTooDeep, findUnstorableValues, MAX_JSON_DEPTH, MAX_LISTED_VALUE_PROBLEMS } from "./json-limits";
import { checkAgentSchema, parseAgentFile, validateAgentDocument } from "./parse";
import type { AgentFileError } from "./types";

const TOO_DEEP = "is nested too deeply: an agent.json may nest objects and lists at most 64 levels deep";

/** The text of an agent.json whose only capability's input_schema nests `levels` objects {"a": …}. */
function deepSchemaText(levels: number): string {
  const document = JSON.stringify(minimalAgentFile({ capabilities: [minimalCapability({ input_schema: { type: "object" } })] }));
  // Built as text: JSON.stringify itself overflows the stack on such a value.
  return document.replace('{"type":"object"}', '{"a":'.repeat(levels - 1) + "{}" + "}".repeat(levels - 1));
}

function errorsOf(text: string): AgentFileError[] {
  const result = parseAgentFile(text);
  return result.ok ? [] : result.errors;
}

// The document is level 1, capabilities 2, the capability 3, its input_schema 4.
const SCHEMA_LEVEL = 4;

describe("nesting depth", () => {
  it("refuses 10,000 levels inside an input schema with the path and the limit, instead of overflowing the stack", () => {
    const errors = errorsOf(deepSchemaText(10_000));
    const path = "/capabilities/0/input_schema" + "/a".repeat(MAX_JSON_DEPTH + 1 - SCHEMA_LEVEL);
    expect(errors).toEqual([{ path, message: TOO_DEEP }]);
  });

  it("accepts exactly the limit and refuses one level more", () => {
    expect(parseAgentFile(deepSchemaText(MAX_JSON_DEPTH + 1 - SCHEMA_LEVEL)).ok).toBe(true);
    expect(errorsOf(deepSchemaText(MAX_JSON_DEPTH + 2 - SCHEMA_LEVEL))).toEqual([
      { path: "/capabilities/0/input_schema" + "/a".repeat(MAX_JSON_DEPTH + 1 - SCHEMA_LEVEL), message: TOO_DEEP },
    ]);
  });

  it("counts lists as levels and reports the first deep place in document order", () => {
    expect(findTooDeep([[[[1]]], { b: [[[2]]] }], 3)).toEqual([0, 0, 0]);
    expect(findTooDeep({ a: 1, b: { c: [[]] } }, 3)).toEqual(["b", "c", 0]);
    expect(findTooDeep({ a: { b: {} } }, 3)).toBeNull();
    expect(findTooDeep("text")).toBeNull();
  });

  it("is safe on a million levels and on a value that refers to itself", () => {
    const text = "[".repeat(1_000_000) + "]".repeat(1_000_000);
    expect(findTooDeep(JSON.parse(text))?.length).toBe(MAX_JSON_DEPTH);
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(findTooDeep(cyclic)).toBeNull();
  });

  it("answers in words on every way in: a parsed value, the schema check alone", () => {
    const value: unknown = JSON.parse(deepSchemaText(10_000));
    expect(validateAgentDocument(value)).toMatchObject({ ok: false, errors: [{ message: TOO_DEEP }] });
    expect(checkAgentSchema(value)).toMatchObject({ ok: false, errors: [{ message: TOO_DEEP }] });
  });
});

describe("values PostgreSQL cannot store", () => {
  const withName = (displayName: string) =>
    JSON.stringify(minimalAgentFile({ agent: { handle: "@homes", display_name: displayName, purpose: "Finds homes." } }));

  it("refuses NUL in a string with its path", () => {
    expect(errorsOf(withName("Ho\u0000mes"))).toEqual([
      { path: "/agent/display_name", message: "contains the NUL character (\\u0000), which Explore cannot store; remove it" },
    ]);
  });

  it("refuses lone surrogates, high or low, and accepts whole characters", () => {
    expect(errorsOf(withName("Homes \ud83d"))).toEqual([
      { path: "/agent/display_name", message: "contains a lone UTF-16 surrogate (\\ud83d), half of a character, which Explore cannot store; remove it" },
    ]);
    expect(errorsOf(withName("\ude00 Homes"))[0]?.message).toContain("(\\ude00)");
    // As written in a file: the escapes JSON allows for them.
    expect(errorsOf(withName("Homes").replace("Homes", "Ho\\ud800mes"))[0]?.path).toBe("/agent/display_name");
    expect(parseAgentFile(withName("Homes 😀 é")).ok).toBe(true);
  });

  it("refuses NUL and lone surrogates in field names, on the object that has them", () => {
    const text = JSON.stringify(
      minimalAgentFile({
        capabilities: [minimalCapability({ input_schema: { type: "object", properties: { "bad\u0000key": { type: "string" }, ["\udc00"]: {} } } })],
      }),
    );
    expect(errorsOf(text)).toEqual([
      {
        path: "/capabilities/0/input_schema/properties",
        message: 'has a field name Explore cannot store, "bad\\u0000key": it contains the NUL character (\\u0000); rename the field',
      },
      {
        path: "/capabilities/0/input_schema/properties",
        message: 'has a field name Explore cannot store, "\\udc00": it contains a lone UTF-16 surrogate (\\udc00), half of a character; rename the field',
      },
    ]);
  });

  it("refuses a field named __proto__, which the database client cannot write", () => {
    const text = JSON.stringify(minimalAgentFile({ capabilities: [minimalCapability({ output_schema: { type: "object" } })] })).replace(
      '"output_schema":{',
      '"output_schema":{"__proto__":null,',
    );
    expect(errorsOf(text)).toEqual([
      {
        path: "/capabilities/0/output_schema",
        message: 'has a field name Explore cannot store, "__proto__": it is a name JavaScript reserves for an object\'s prototype; rename the field',
      },
    ]);
  });

  it("reports them with the schema's errors and the cross-field rules' errors, all at once", () => {
    const schemaError = JSON.stringify(minimalAgentFile({ ekl: "2.0", agent: { handle: "@homes", display_name: "a\u0000", purpose: "P" } }));
    expect(errorsOf(schemaError).map((e) => e.path)).toEqual(["/agent/display_name", "/ekl"]);
    const ruleError = JSON.stringify(minimalAgentFile({ capabilities: [minimalCapability({ name: "\u0000", content_rating: "mature" })] }));
    expect(errorsOf(ruleError).map((e) => e.path)).toEqual(["/capabilities/0/name", "/capabilities/0/mature_reasons"]);
  });

  it("refuses a number too large to be a number, alone", () => {
    const text = JSON.stringify(minimalAgentFile({ capabilities: [minimalCapability({ plans: [{ type: "free", daily_limit: 1 }] })] })).replace(
      '"daily_limit":1',
      '"daily_limit":1e400',
    );
    expect(errorsOf(text)).toEqual([
      { path: "/capabilities/0/plans/0/daily_limit", message: "is a number too large for Explore to store; write a smaller one" },
    ]);
  });

  it("lists the first hundred and counts the rest", () => {
    const { problems } = findUnstorableValues({ list: Array.from({ length: 150 }, () => "\u0000") });
    expect(problems).toHaveLength(MAX_LISTED_VALUE_PROBLEMS + 1);
    expect(problems[0]?.path).toBe("/list/0");
    expect(problems.at(-1)).toEqual({ path: "", message: "has 50 more values Explore cannot store; only the first 100 are listed" });
  });
});
