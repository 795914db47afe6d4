import { compileSchema } from "@/lib/foundations/json-schema/validator";

// Checks an adapter's structuredContent: against an output schema (runs and sample tests), and against
// a capability's expected_output (sample tests).

export type OutputCheck = { ok: true } | { ok: false; errors: string[] };

const MAX_ERRORS = 20;

/** Whether `structuredContent` satisfies `schema` (JSON Schema draft 2020-12). No schema: nothing to check. */
export function checkOutput(schema: object | null, structuredContent: unknown): OutputCheck {
  if (schema === null) return { ok: true };
  if (structuredContent === undefined) return { ok: false, errors: ["the adapter returned no structured content"] };
  const compiled = compileSchema(schema);
  if (!compiled.ok) return { ok: false, errors: [`the output schema itself is invalid: ${compiled.error}`] };
  const validate = compiled.validate;
  if (validate(structuredContent)) return { ok: true };
  const errors = (validate.errors ?? [])
    .slice(0, MAX_ERRORS)
    .map((e) => `${e.instancePath === "" ? "(the output)" : e.instancePath} ${e.message ?? "is invalid"}`);
  return { ok: false, errors: errors.length > 0 ? errors : ["the output does not match its schema"] };
}

/**
 * Whether `actual` contains `expected` — the sample-test rule, exactly:
 * - expected object (not array, not null): actual is such an object too, and for every key of expected,
 *   actual has that key (own property) and its value contains expected's value. Extra keys in actual are fine.
 * - expected array: actual is an array of the same length, and element i of actual contains element i of expected
 *   (order matters; objects inside may still have extra keys).
 * - expected number: actual is a number and |actual − expected| ≤ relTol × max(|actual|, |expected|)
 *   (so 0 matches only 0; NaN and infinities match only an identical value).
 * - expected string, boolean or null: actual is strictly equal.
 */
export function containsExpected(actual: unknown, expected: unknown, relTol = 1e-9): boolean {
  if (typeof expected === "number") {
    if (typeof actual !== "number") return false;
    if (actual === expected) return true;
    if (!Number.isFinite(actual) || !Number.isFinite(expected)) return false;
    return Math.abs(actual - expected) <= relTol * Math.max(Math.abs(actual), Math.abs(expected));
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    return expected.every((item, i) => containsExpected(actual[i], item, relTol));
  }
  if (isPlainRecord(expected)) {
    if (!isPlainRecord(actual)) return false;
    return Object.keys(expected).every((key) => Object.hasOwn(actual, key) && containsExpected(actual[key], expected[key], relTol));
  }
  return actual === expected;
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
