import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import AjvDraft07 from "ajv";

// Checks an adapter's structuredContent: against an output schema (runs and sample tests), and against
// a capability's expected_output (sample tests).

export type OutputCheck = { ok: true } | { ok: false; errors: string[] };

const ajvOptions = { strict: false, allErrors: true, validateFormats: false };
const ajv2020 = new Ajv2020(ajvOptions);
// Schemas made by the MCP SDK (zod → JSON Schema) say draft-07; agent.json schemas are 2020-12 (or say nothing).
const ajv07 = new AjvDraft07(ajvOptions);
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/;
const DRAFT_2020 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;

function compile(schema: object): ValidateFunction {
  const declared = "$schema" in schema ? schema.$schema : undefined;
  if (typeof declared === "string" && DRAFT_07.test(declared)) return ajv07.compile(schema);
  if (declared === undefined || (typeof declared === "string" && DRAFT_2020.test(declared))) return ajv2020.compile(schema);
  // Another dialect (draft 2019-09, draft-04…): best effort as 2020-12, which reads their common keywords alike.
  const copy: Record<string, unknown> = { ...schema };
  delete copy.$schema;
  return ajv2020.compile(copy);
}
const compiled = new Map<string, ValidateFunction | string>();
const MAX_COMPILED = 500;
const MAX_ERRORS = 20;

function validatorFor(schema: object): ValidateFunction | string {
  const key = JSON.stringify(schema);
  const hit = compiled.get(key);
  if (hit !== undefined) return hit;
  let entry: ValidateFunction | string;
  try {
    entry = compile(schema);
  } catch (error) {
    // Cached too, so a broken schema is not recompiled on every call.
    entry = `the output schema itself is invalid: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(key, entry);
  return entry;
}

/** Whether `structuredContent` satisfies `schema` (JSON Schema draft 2020-12). No schema: nothing to check. */
export function checkOutput(schema: object | null, structuredContent: unknown): OutputCheck {
  if (schema === null) return { ok: true };
  if (structuredContent === undefined) return { ok: false, errors: ["the adapter returned no structured content"] };
  const validate = validatorFor(schema);
  if (typeof validate === "string") return { ok: false, errors: [validate] };
  if (validate(structuredContent)) return { ok: true };
  const errors = (validate.errors ?? []).slice(0, MAX_ERRORS).map((e) => `${e.instancePath === "" ? "(the output)" : e.instancePath} ${e.message ?? "is invalid"}`);
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
