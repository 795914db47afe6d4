// A draft example from what a tool's input schema itself offers: its `examples`, or each property's
// `examples`/`default`/`const`. Nothing is invented: without a value for every required property there is
// no example, and one the schema itself refuses is dropped.
import { isJsonObject } from "@/lib/model/agent-file/schema";
import type { JsonObject, JsonValue } from "@/lib/model/agent-file/types";
import { compileSchema } from "@/lib/foundations/json-schema/validator";

const MAX_DEPTH = 5;

function firstExample(schema: JsonObject): JsonValue | undefined {
  const { examples } = schema;
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  return undefined;
}

function objectFrom(schema: JsonObject, depth: number): JsonObject | undefined {
  const properties = schema.properties;
  if (!isJsonObject(properties) || depth > MAX_DEPTH) return undefined;
  const required = Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === "string") : [];
  const value: JsonObject = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isJsonObject(property)) continue;
    const found = valueFrom(property, depth + 1);
    if (found !== undefined) value[name] = found;
  }
  if (required.some((name) => !(name in value))) return undefined;
  return Object.keys(value).length > 0 ? value : undefined;
}

function valueFrom(schema: JsonObject, depth: number): JsonValue | undefined {
  const stated = firstExample(schema) ?? schema.default ?? schema.const;
  if (stated !== undefined) return stated;
  return schema.type === "object" ? objectFrom(schema, depth) : undefined;
}

/** The example input the schema offers, or null when it offers none (or one it does not accept itself). */
export function exampleFromSchema(inputSchema: JsonObject): JsonObject | null {
  const whole = firstExample(inputSchema) ?? inputSchema.default;
  const candidate = isJsonObject(whole) ? whole : objectFrom(inputSchema, 0);
  if (candidate === undefined) return null;
  const compiled = compileSchema(inputSchema);
  if (compiled.ok && !compiled.validate(candidate)) return null;
  return candidate;
}
