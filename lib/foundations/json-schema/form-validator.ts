import type { RJSFSchema } from "@rjsf/utils";
import { customizeValidator } from "@rjsf/validator-ajv8";
import { AJV_CLASSES, AJV_OPTIONS, dialectOf, type Dialect } from "./validator";

// The generated form's validator (rjsf), with the Ajv class and options the server checks with, per dialect.
// Apart from ./validator.ts because @rjsf/utils needs React's client hooks, which server code cannot load.

type FormValues = Record<string, unknown>;

function formValidator(dialect: Dialect) {
  return customizeValidator<FormValues, RJSFSchema>({
    AjvClass: AJV_CLASSES[dialect],
    // rjsf's own default (multipleOf to 8 decimals) would let through what the server refuses.
    ajvOptionsOverrides: { ...AJV_OPTIONS, multipleOfPrecision: undefined },
    // Formats are not checked (AJV_OPTIONS), so the formats plugin is not needed.
    ajvFormatOptions: false,
  });
}

const validators = { "2020-12": formValidator("2020-12"), "draft-07": formValidator("draft-07") };

/** The rjsf validator for a schema's dialect. Give the form the schema without `$schema` (withoutDialect). */
export function formValidatorFor(schema: object) {
  return validators[dialectOf(schema)];
}
