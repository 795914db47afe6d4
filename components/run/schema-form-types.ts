import type Form from "@rjsf/core";
import type { RJSFSchema } from "@rjsf/utils";

// What the Run form needs to know about the generated form without loading it (types and one check):
// the form library itself is loaded lazily (./lazy-schema-form).

/** The form's values, whatever JSON object they are (kept loose here; the server checks it again). */
export type FormValues = Record<string, unknown>;

export type SchemaFormHandle = Form<FormValues, RJSFSchema>;

/** A JSON Schema the form library can take: an object whose `type`, when present, is a name or a list of names. */
export function isFormSchema(value: unknown): value is RJSFSchema {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const type: unknown = "type" in value ? value.type : undefined;
  return type === undefined || typeof type === "string" || (Array.isArray(type) && type.every((t) => typeof t === "string"));
}
