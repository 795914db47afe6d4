import Ajv2020 from "ajv/dist/2020";
import AjvDraft07, { type Options, type ValidateFunction } from "ajv";

// The one JSON Schema setup, for the server's checks and the browser's form alike (no server code here):
// which dialect a schema is read in, Explore's Ajv options, and compiled validators cached by schema.
// The form's rjsf validator is built from the same classes and options in ./form-validator.ts.

export type Dialect = "2020-12" | "draft-07";

// Schemas made by the MCP SDK (zod → JSON Schema) say draft-07; agent.json schemas are 2020-12 (or say nothing).
const DRAFT_07 = /^https?:\/\/json-schema\.org\/draft-0[67]\/schema#?$/;

/** Draft-07 when `$schema` says draft-07 (or 06); anything else is read as 2020-12. */
export function dialectOf(schema: object): Dialect {
  const declared = "$schema" in schema ? schema.$schema : undefined;
  return typeof declared === "string" && DRAFT_07.test(declared) ? "draft-07" : "2020-12";
}

/** The schema without `$schema`: the dialect is chosen above, so Ajv need not know the meta-schema's address. */
export function withoutDialect<S extends object>(schema: S): S {
  const copy = { ...schema };
  Reflect.deleteProperty(copy, "$schema");
  return copy;
}

/** Every error at once, unknown keywords ignored, `format` not checked: the same in the browser and on the server. */
export const AJV_OPTIONS = { strict: false, allErrors: true, validateFormats: false } satisfies Options;

export const AJV_CLASSES = { "2020-12": Ajv2020, "draft-07": AjvDraft07 };

const ajv = { "2020-12": new Ajv2020(AJV_OPTIONS), "draft-07": new AjvDraft07(AJV_OPTIONS) };

export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

// Keyed by the schema's JSON: the same schema arrives as a new object on every request.
const compiled = new Map<string, CompiledSchema>();
const MAX_COMPILED = 500;

/** The schema compiled in its dialect, or why it cannot be (a broken schema is cached too, not recompiled each call). */
export function compileSchema(schema: object): CompiledSchema {
  const key = JSON.stringify(schema);
  const hit = compiled.get(key);
  if (hit !== undefined) return hit;
  let entry: CompiledSchema;
  try {
    entry = { ok: true, validate: ajv[dialectOf(schema)].compile(withoutDialect(schema)) };
  } catch (error) {
    entry = { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (compiled.size >= MAX_COMPILED) {
    compiled.clear();
    // Ajv keeps every schema it compiled; let those go with the cache.
    ajv["2020-12"].removeSchema();
    ajv["draft-07"].removeSchema();
  }
  compiled.set(key, entry);
  return entry;
}
