import { toPointer } from "@/lib/model/agent-file/errors";
import { findTooDeep, MAX_JSON_DEPTH } from "@/lib/model/agent-file/json-limits";
import { fieldErrorsOf } from "@/lib/foundations/json-schema/error-words";
import { compileSchema } from "@/lib/foundations/json-schema/validator";
import type { FieldErrors } from "./run-types";

// Validates a run's arguments against the capability's input schema on the server (the form validates
// them in the browser too; a server action never trusts the page). Errors are keyed by JSON Pointer.

const BROKEN_SCHEMA = "The service's input schema is broken, so Explore cannot check the arguments. Tell its provider.";

/** null when the arguments are valid; otherwise the errors by JSON Pointer ("" is the whole object). */
export function checkArguments(schema: object | null, args: Record<string, unknown>): FieldErrors | null {
  // Before anything recursive (ajv, the fingerprint, the MCP call's JSON) walks them, and with or without a schema.
  const deep = findTooDeep(args);
  if (deep !== null) {
    return { [toPointer(deep)]: [`is nested too deeply: arguments may nest objects and lists at most ${MAX_JSON_DEPTH} levels deep`] };
  }
  if (schema === null) return null;
  const compiled = compileSchema(schema);
  if (!compiled.ok) return { "": [BROKEN_SCHEMA] };
  const validate = compiled.validate;
  if (validate(args)) return null;
  const errors: FieldErrors = fieldErrorsOf(validate.errors ?? []);
  return Object.keys(errors).length > 0 ? errors : { "": ["The arguments do not match the service's input schema."] };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
