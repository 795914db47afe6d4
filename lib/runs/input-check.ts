import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import AjvDraft07 from "ajv";
import { toPointer } from "@/lib/agent-file/errors";
import { findTooDeep, MAX_JSON_DEPTH } from "@/lib/agent-file/json-limits";
import type { FieldErrors } from "./run-types";

// Validates a run's arguments against the capability's input schema on the server (the form validates
// them in the browser too; a server action never trusts the page). Errors are keyed by JSON Pointer.

const options = { strict: false, allErrors: true, validateFormats: false };
const ajv2020 = new Ajv2020(options);
const ajv07 = new AjvDraft07(options);
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/;

const cache = new Map<string, ValidateFunction | string>();
const MAX_CACHED = 500;

function validatorFor(schema: object): ValidateFunction | string {
  const key = JSON.stringify(schema);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let entry: ValidateFunction | string;
  try {
    const declared = "$schema" in schema ? schema.$schema : undefined;
    if (typeof declared === "string" && DRAFT_07.test(declared)) entry = ajv07.compile(schema);
    else {
      const copy: Record<string, unknown> = { ...schema };
      delete copy.$schema;
      entry = ajv2020.compile(copy);
    }
  } catch {
    entry = "The service's input schema is broken, so Explore cannot check the arguments. Tell its provider.";
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, entry);
  return entry;
}

function sentence(error: ErrorObject): { path: string; message: string } {
  const params: Record<string, unknown> = error.params;
  if (error.keyword === "required" && typeof params.missingProperty === "string") {
    return { path: `${error.instancePath}/${params.missingProperty.replace(/~/g, "~0").replace(/\//g, "~1")}`, message: "is required" };
  }
  if (error.keyword === "additionalProperties" && typeof params.additionalProperty === "string") {
    return { path: error.instancePath, message: `does not take “${params.additionalProperty}”` };
  }
  if (error.keyword === "enum" && Array.isArray(params.allowedValues)) {
    return { path: error.instancePath, message: `must be one of: ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}` };
  }
  return { path: error.instancePath, message: error.message ?? "is not valid" };
}

/** null when the arguments are valid; otherwise the errors by JSON Pointer ("" is the whole object). */
export function checkArguments(schema: object | null, args: Record<string, unknown>): FieldErrors | null {
  // Before anything recursive (ajv, the fingerprint, the MCP call's JSON) walks them, and with or without a schema.
  const deep = findTooDeep(args);
  if (deep !== null) {
    return { [toPointer(deep)]: [`is nested too deeply: arguments may nest objects and lists at most ${MAX_JSON_DEPTH} levels deep`] };
  }
  if (schema === null) return null;
  const validate = validatorFor(schema);
  if (typeof validate === "string") return { "": [validate] };
  if (validate(args)) return null;
  const errors: FieldErrors = {};
  for (const error of (validate.errors ?? []).slice(0, 50)) {
    // anyOf/oneOf branches repeat themselves; their summary error is enough.
    if (error.schemaPath.includes("/anyOf/") || error.schemaPath.includes("/oneOf/")) continue;
    const { path, message } = sentence(error);
    const list = (errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return Object.keys(errors).length > 0 ? errors : { "": ["The arguments do not match the service's input schema."] };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
