import { describe, expect, it } from "vitest";
import { checkOutput, containsExpected } from "./output-check";

describe("checkOutput", () => {
  const schema = {
    type: "object",
    properties: { sum: { type: "number" }, items: { type: "array", items: { type: "string" } } },
    required: ["sum"],
    additionalProperties: false,
  };

  it("accepts output matching a 2020-12 schema, and anything when there is no schema", () => {
    expect(checkOutput(schema, { sum: 3, items: ["a"] })).toEqual({ ok: true });
    expect(checkOutput(null, "whatever")).toEqual({ ok: true });
  });

  it("lists every mismatch with its place in the output", () => {
    expect(checkOutput(schema, { sum: "3", items: [1], extra: true })).toEqual({
      ok: false,
      errors: ["(the output) must NOT have additional properties", "/sum must be number", "/items/0 must be string"],
    });
  });

  it("says so when there is a schema but no structured content", () => {
    expect(checkOutput(schema, undefined)).toEqual({ ok: false, errors: ["the adapter returned no structured content"] });
  });

  it("reads 2020-12 keywords (prefixItems) and draft-07 schemas such as the MCP SDK emits", () => {
    const tuple = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "array", prefixItems: [{ type: "number" }, { type: "string" }] };
    expect(checkOutput(tuple, [1, "a"])).toEqual({ ok: true });
    expect(checkOutput(tuple, ["a", 1]).ok).toBe(false);
    const draft07 = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
    expect(checkOutput(draft07, { n: 1 })).toEqual({ ok: true });
    expect(checkOutput(draft07, { n: 1.5 })).toEqual({ ok: false, errors: ["/n must be integer"] });
  });

  it("reports a broken schema instead of throwing, and reuses compiled schemas", () => {
    const broken = { type: "object", properties: { a: { type: "no-such-type" } } };
    const first = checkOutput(broken, {});
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.errors[0]).toMatch(/^the output schema itself is invalid/);
    expect(checkOutput(broken, {})).toEqual(first);
    // Same JSON, different object: served from the cache, same verdicts.
    expect(checkOutput(JSON.parse(JSON.stringify(schema)), { sum: 1 })).toEqual({ ok: true });
  });
});

describe("containsExpected", () => {
  it("lets objects have more keys, at any depth", () => {
    expect(containsExpected({ a: 1, b: { c: 2, d: 3 }, e: "x" }, { b: { c: 2 } })).toBe(true);
    expect(containsExpected({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(containsExpected({ a: undefined }, { a: undefined })).toBe(true);
    expect(containsExpected({}, { a: undefined })).toBe(false);
  });

  it("compares arrays element by element, same length, in order", () => {
    expect(containsExpected([{ id: 1, x: 0 }, { id: 2 }], [{ id: 1 }, { id: 2 }])).toBe(true);
    expect(containsExpected([1, 2, 3], [1, 2])).toBe(false);
    expect(containsExpected([2, 1], [1, 2])).toBe(false);
    expect(containsExpected({ 0: 1 }, [1])).toBe(false);
    expect(containsExpected([1], { 0: 1 })).toBe(false);
  });

  it("compares numbers within a relative tolerance", () => {
    expect(containsExpected(0.1 + 0.2, 0.3)).toBe(true);
    expect(containsExpected(1e12 + 1e-3, 1e12)).toBe(true);
    expect(containsExpected(1.001, 1)).toBe(false);
    expect(containsExpected(1.001, 1, 0.01)).toBe(true);
    expect(containsExpected(1e-12, 0)).toBe(false);
    expect(containsExpected(0, 0)).toBe(true);
    expect(containsExpected(-0, 0)).toBe(true);
    expect(containsExpected(Number.NaN, Number.NaN)).toBe(false);
    expect(containsExpected("1", 1)).toBe(false);
  });

  it("needs strict equality for strings, booleans and null", () => {
    expect(containsExpected("a", "a")).toBe(true);
    expect(containsExpected("A", "a")).toBe(false);
    expect(containsExpected(false, false)).toBe(true);
    expect(containsExpected(0, false)).toBe(false);
    expect(containsExpected(null, null)).toBe(true);
    expect(containsExpected({}, null)).toBe(false);
    expect(containsExpected(null, {})).toBe(false);
  });
});
