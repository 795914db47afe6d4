import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, fingerprint } from "./fingerprint";

// The recursive definition canonicalJson had before it kept its own stack: the text must not change,
// or every stored fingerprint would stop matching its repeat.
function recursiveCanonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    return text === undefined ? "null" : text;
  }
  if (Array.isArray(value)) return `[${value.map(recursiveCanonicalJson).join(",")}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${recursiveCanonicalJson(v)}`).join(",")}}`;
}

describe("canonical JSON fingerprints", () => {
  it("ignore key order at every depth", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(fingerprint({ x: 1, y: 2 })).toBe(fingerprint({ y: 2, x: 1 }));
    expect(fingerprint({ x: 1 })).not.toBe(fingerprint({ x: 2 }));
    expect(fingerprint({})).toMatch(/^[0-9a-f]{64}$/);
  });

  it("write the same text as the recursive definition, for any JSON and for undefined inside", () => {
    const withUndefined = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 2 }),
        fc.constant(undefined),
        fc.array(tie("value")),
        fc.dictionary(fc.string(), tie("value")),
      ),
    })).value;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => canonicalJson(value) === recursiveCanonicalJson(value)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(withUndefined, (value) => canonicalJson(value) === recursiveCanonicalJson(value)),
      { numRuns: 300 },
    );
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });

  it("never overflow the stack, however deep the value (an adapter's answer, a repeat's arguments)", () => {
    const depth = 100_000;
    const value: unknown = JSON.parse("[".repeat(depth) + "{}" + "]".repeat(depth));
    expect(canonicalJson(value)).toBe("[".repeat(depth) + "{}" + "]".repeat(depth));
    expect(fingerprint(value)).toMatch(/^[0-9a-f]{64}$/);
  });
});
