import { describe, expect, it } from "vitest";
import { canonicalJson, fingerprint } from "./fingerprint";

describe("canonical JSON fingerprints", () => {
  it("ignore key order at every depth", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(fingerprint({ x: 1, y: 2 })).toBe(fingerprint({ y: 2, x: 1 }));
    expect(fingerprint({ x: 1 })).not.toBe(fingerprint({ x: 2 }));
    expect(fingerprint({})).toMatch(/^[0-9a-f]{64}$/);
  });
});
