import type { JsonObject, JsonValue } from "@/lib/model/agent-file/types";
import type { FieldErrors } from "@/lib/domain/runs/run-types";

// The Run form's arguments as text: parsing raw JSON and leaving out the fields Explore fills. No validator here,
// so the Run form's first load stays small (the check is ./json-arguments, loaded when needed).

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
  if (!isJsonObject(value)) return { ok: false, errors: { "": ['must be a JSON object, like {"name": "value"}'] } };
  return { ok: true, value };
}

export function withoutFields(value: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !names.includes(key)));
}

export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
