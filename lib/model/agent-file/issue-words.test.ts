import { describe, expect, it } from "vitest";
import { describeValue, typeWords, valueAt } from "./issue-words";

describe("the words of zod's issues, shared by both translators", () => {
  it("names types and values alike", () => {
    expect(typeWords("int")).toBe("a whole number");
    expect(typeWords("record")).toBe("an object");
    expect(describeValue(3)).toBe("a whole number");
    expect(describeValue(2.5)).toBe("a number");
    expect(describeValue([])).toBe("a list");
    expect(describeValue(null)).toBe("null");
  });

  it("finds the value at a path, and tells a missing field from one that holds undefined-like values", () => {
    const doc = { a: [{ b: null }], c: 0 };
    expect(valueAt(doc, ["a", 0, "b"])).toEqual({ found: true, value: null });
    expect(valueAt(doc, ["a", 1])).toEqual({ found: false });
    expect(valueAt(doc, ["toString"])).toEqual({ found: false });
    expect(valueAt(doc, ["c", "d"])).toEqual({ found: false });
  });
});
