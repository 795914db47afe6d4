import Ajv2020 from "ajv/dist/2020";
import { z } from "zod";
import { defineTool, TRANSFORMATION, type DemoTool } from "./tool-kit";

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : "Not valid JSON." };
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, sortKeys(inner)]),
    );
  }
  return value;
}

function kindOf(value: unknown): "object" | "array" | "string" | "number" | "boolean" | "null" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "string") return "string";
  if (typeof value === "number") return "number";
  if (typeof value === "boolean") return "boolean";
  return "object";
}

const formatJson = defineTool({
  name: "format_json",
  title: "Format JSON",
  description: "Checks that a text is JSON and pretty-prints or minifies it, optionally with sorted keys.",
  input: z.object({
    text: z.string().min(1).max(500_000),
    indent: z.number().int().min(0).max(8).default(2).describe("Spaces per level; 0 minifies."),
    sort_keys: z.boolean().default(false),
  }),
  output: z.object({
    valid: z.boolean(),
    formatted: z.string().nullable(),
    error: z.string().nullable(),
    top_level_type: z.enum(["object", "array", "string", "number", "boolean", "null"]).nullable(),
    bytes_before: z.number().int(),
    bytes_after: z.number().int().nullable(),
  }),
  hints: TRANSFORMATION,
  run({ text, indent, sort_keys }) {
    const bytesBefore = Buffer.byteLength(text, "utf8");
    const parsed = parseJson(text);
    if (!parsed.ok) {
      return { valid: false, formatted: null, error: parsed.error, top_level_type: null, bytes_before: bytesBefore, bytes_after: null };
    }
    const value = sort_keys ? sortKeys(parsed.value) : parsed.value;
    const formatted = JSON.stringify(value, null, indent === 0 ? undefined : indent);
    return {
      valid: true,
      formatted,
      error: null,
      top_level_type: kindOf(parsed.value),
      bytes_before: bytesBefore,
      bytes_after: Buffer.byteLength(formatted, "utf8"),
    };
  },
});

const validateJson = defineTool({
  name: "validate_json",
  title: "Validate JSON against a schema",
  description: "Validates a JSON text against a JSON Schema (draft 2020-12) and lists every error with its path.",
  input: z.object({
    text: z.string().min(1).max(500_000).describe("The JSON document, as text."),
    schema: z.record(z.string(), z.unknown()).describe("The JSON Schema (2020-12) to validate against."),
  }),
  output: z.object({
    parsed: z.boolean(),
    valid: z.boolean(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })),
  }),
  hints: TRANSFORMATION,
  run({ text, schema }) {
    const parsed = parseJson(text);
    if (!parsed.ok) return { parsed: false, valid: false, errors: [{ path: "", message: parsed.error }] };
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
    let validate;
    try {
      validate = ajv.compile(schema);
    } catch (error) {
      const message = error instanceof Error ? error.message : "The schema could not be compiled.";
      return { parsed: true, valid: false, errors: [{ path: "#schema", message }] };
    }
    const valid = validate(parsed.value);
    const errors = (validate.errors ?? []).map((item) => ({ path: item.instancePath, message: item.message ?? item.keyword }));
    return { parsed: true, valid, errors };
  },
});

export const jsonTools: DemoTool[] = [formatJson, validateJson];
