import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@/lib/model/agent-file/json-limits";
import { checkArguments } from "./input-check";

/** Arguments {"a": {"a": … {}}} nesting `levels` objects, the arguments themselves being the first. */
function nested(levels: number): Record<string, unknown> {
  const text = '{"a":'.repeat(levels - 1) + "{}" + "}".repeat(levels - 1);
  const value: unknown = JSON.parse(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("not an object");
  return Object.fromEntries(Object.entries(value));
}

const TOO_DEEP = "is nested too deeply: arguments may nest objects and lists at most 64 levels deep";
const DEEPEST_ALLOWED_PATH = "/a".repeat(MAX_JSON_DEPTH);

describe("checkArguments: nesting depth", () => {
  it("refuses arguments nested 10,000 deep, naming the path and the limit, with or without a schema", () => {
    expect(checkArguments(null, nested(10_000))).toEqual({ [DEEPEST_ALLOWED_PATH]: [TOO_DEEP] });
    expect(checkArguments({ type: "object" }, nested(10_000))).toEqual({ [DEEPEST_ALLOWED_PATH]: [TOO_DEEP] });
  });

  it("checks before a recursive schema walks them", () => {
    const recursive = { type: "object", properties: { a: { $ref: "#" } } };
    expect(checkArguments(recursive, nested(10_000))).toEqual({ [DEEPEST_ALLOWED_PATH]: [TOO_DEEP] });
    expect(checkArguments(recursive, nested(MAX_JSON_DEPTH))).toBeNull();
  });

  it("accepts exactly the limit and refuses one level more", () => {
    expect(checkArguments(null, nested(MAX_JSON_DEPTH))).toBeNull();
    expect(checkArguments(null, nested(MAX_JSON_DEPTH + 1))).toEqual({ [DEEPEST_ALLOWED_PATH]: [TOO_DEEP] });
  });
});
