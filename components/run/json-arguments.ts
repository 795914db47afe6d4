import type { RJSFSchema } from "@rjsf/utils";
import { fieldErrorsOf } from "@/lib/foundations/json-schema/error-words";
import { compileSchema } from "@/lib/foundations/json-schema/validator";
import type { FieldErrors } from "@/lib/domain/runs/run-types";

// Raw-JSON mode's check in the browser, with the Ajv setup the form and the server use. The Run form loads this
// module (and Ajv with it) only when a person runs with raw JSON: parsing lives in ./arguments-text.

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
