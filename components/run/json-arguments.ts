import type { RJSFSchema } from "@rjsf/utils";
import type { JsonObject, JsonValue } from "@/lib/agent-file/types";
import { fieldErrorsOf } from "@/lib/json-schema/error-words";
import { compileSchema } from "@/lib/json-schema/validator";
import type { FieldErrors } from "@/lib/runs/run-types";

// Raw-JSON mode: parse the text, then check it in the browser with the Ajv setup the form and the server use.

function isJsonObject(value: JsonValue): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function parseJsonArguments(text: string): { ok: true; value: JsonObject } | { ok: false; errors: FieldErrors } {
  let value: JsonValue;
  try {
    value = JSON.parse(text.trim() === "" ? "{}" : text);
  } catch (error) {
    return { ok: false, errors: { "": [`is not valid JSON (${error instanceof Error ? error.message : "unreadable"})`] } };
  }
  if (!isJsonObject(value)) return { ok: false, errors: { "": ["must be a JSON object, like {\"name\": \"value\"}"] } };
  return { ok: true, value };
}

export function checkJsonArguments(schema: RJSFSchema | null, value: Record<string, unknown>): FieldErrors | null {
  if (schema === null) return null;
  const compiled = compileSchema(schema);
  // A broken schema is the server's to explain when the run is sent.
  if (!compiled.ok || compiled.validate(value)) return null;
  const errors = compiled.validate.errors ?? [];
  if (errors.length === 0) return null;
  const out = fieldErrorsOf(errors);
  return Object.keys(out).length > 0 ? out : { "": ["does not match the service's input schema"] };
}

export function withoutFields(value: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !names.includes(key)));
}
