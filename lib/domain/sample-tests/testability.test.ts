import { describe, expect, it } from "vitest";
import type { Example } from "@/lib/model/agent-file/types";
import { describeMismatch } from "./mismatch";
import { sampleTestArguments, sampleTestability } from "./testability";

const example: Example = {
  input: { to: "a@b.c", dry_run: false },
  problem: null,
  successCriteria: null,
  expectedOutput: null,
  origin: "publisher",
  helpers: [],
};
const effects = { idempotencyArgument: null, outcomeLookup: null, escalate: false, dryRunArgument: "dry_run" };

describe("which capabilities are sample-tested, and how", () => {
  it("never tests an external action without a dry-run argument", () => {
    const c = { class: "external_action" as const, example, effects: { ...effects, dryRunArgument: null } };
    expect(sampleTestability(c)).toEqual({ testable: false, reason: "no_dry_run" });
    expect(sampleTestArguments(c)).toBeNull();
  });

  it("always sets an external action's dry-run argument, whatever the example says", () => {
    expect(sampleTestArguments({ class: "external_action", example, effects })).toEqual({ to: "a@b.c", dry_run: true });
  });

  it("sends other classes the example as written, and needs an example", () => {
    expect(sampleTestArguments({ class: "read_only", example, effects: null })).toEqual(example.input);
    expect(sampleTestability({ class: "read_only", example: null, effects: null })).toEqual({ testable: false, reason: "no_example" });
  });
});

describe("mismatch wording", () => {
  it("names the first path where the output stops containing the expected output", () => {
    expect(describeMismatch({ a: { b: 2, c: 1 } }, { a: { b: 2 } })).toBeNull();
    expect(describeMismatch({ a: { b: 3 } }, { a: { b: 2 } })).toBe("/a/b is 3 where 2 was expected");
    expect(describeMismatch({ a: [1] }, { a: [1, 2] })).toBe("/a has 1 item where 2 were expected");
    expect(describeMismatch({}, { total: 5 })).toBe("/total is missing (expected 5)");
  });
});
