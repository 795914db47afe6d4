import { z } from "zod";

// The JSON Schemas tools/list announces, written so that every client can read them: a nullable value is an anyOf of
// single-type branches (a `type` array is legal but some clients map schemas onto one-type dialects and drop it),
// and no `$schema` (MCP's default dialect is 2020-12, which zod writes; older validators reject the URI).

type JsonObject = { [key: string]: unknown };

// What describes a value rather than constrains it stays on the outside of the anyOf.
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"]);

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// zod writes the safe-integer range as the bounds of every integer not bounded otherwise; those are no rule of
// the tool's (seed 004 gives `after` a minimum only), so they are left out.
function implicitBound(key: string, value: unknown): boolean {
  return (key === "maximum" && value === Number.MAX_SAFE_INTEGER) || (key === "minimum" && value === Number.MIN_SAFE_INTEGER);
}

function portable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(portable);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) if (key !== "$schema" && !implicitBound(key, value)) out[key] = portable(value);
  // zod writes a record of anything as `additionalProperties: {}`; `true` says the same in the spelling strict
  // validators (the MCP Inspector's --strict) read as a deliberate free-form object.
  if (isObject(out.additionalProperties) && Object.keys(out.additionalProperties).length === 0) out.additionalProperties = true;
  const type = out.type;
  if (!Array.isArray(type) || type.length < 2) return out;
  const outside: JsonObject = {};
  const inside: JsonObject = {};
  for (const [key, value] of Object.entries(out)) {
    if (key === "type") continue;
    if (ANNOTATIONS.has(key)) outside[key] = value;
    else inside[key] = value;
  }
  return { ...outside, anyOf: type.map((t) => (t === "null" ? { type: "null" } : { type: t, ...inside })) };
}

/** A tool's input or output schema as tools/list announces it. */
export function toolJsonSchema(schema: z.ZodType, io: "input" | "output"): { type: "object"; [key: string]: unknown } {
  const converted = portable(z.toJSONSchema(schema, { io, unrepresentable: "any" }));
  if (!isObject(converted) || converted.type !== "object") throw new Error("a tool's schema must describe an object");
  return { ...converted, type: "object" };
}
