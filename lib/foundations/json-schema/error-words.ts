// What a JSON Schema error means, in plain words beside the field (the browser's form and the server's check
// say the same). The field's own label is shown next to it, so each sentence starts with the verb.

export type SchemaErrorFacts = { keyword: string; params: Record<string, unknown>; message?: string };

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a group of fields",
  null: "empty",
};

const FORMAT_WORDS: Record<string, string> = {
  date: "a date (YYYY-MM-DD)",
  "date-time": "a date and time",
  time: "a time",
  email: "an email address",
  uri: "a web address",
  url: "a web address",
  uuid: "an ID like 123e4567-e89b-12d3-a456-426614174000",
};

const shown = (value: unknown) => (typeof value === "string" ? `“${value}”` : JSON.stringify(value));
const count = (n: unknown, one: string, many: string) => `${String(n)} ${n === 1 ? one : many}`;

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : [type];
  return types.map((t) => (typeof t === "string" ? (TYPE_WORDS[t] ?? t) : String(t))).join(" or ");
}

export function errorWords({ keyword, params, message }: SchemaErrorFacts): string {
  switch (keyword) {
    case "required":
      return "is required";
    case "additionalProperties":
      return typeof params.additionalProperty === "string" ? `does not take “${params.additionalProperty}”` : "has a field the service does not take";
    case "enum":
      return Array.isArray(params.allowedValues) ? `must be one of: ${params.allowedValues.map(shown).join(", ")}` : "must be one of the listed values";
    case "const":
      return `must be ${shown(params.allowedValue)}`;
    case "type":
      return `must be ${typeWords(params.type)}`;
    case "minimum":
      return `must be at least ${String(params.limit)}`;
    case "maximum":
      return `must be at most ${String(params.limit)}`;
    case "exclusiveMinimum":
      return `must be more than ${String(params.limit)}`;
    case "exclusiveMaximum":
      return `must be less than ${String(params.limit)}`;
    case "multipleOf":
      return `must be a multiple of ${String(params.multipleOf)}`;
    case "minLength":
      return params.limit === 1 ? "must not be empty" : `must be at least ${count(params.limit, "character", "characters")} long`;
    case "maxLength":
      return `must be at most ${count(params.limit, "character", "characters")} long`;
    case "minItems":
      return `must have at least ${count(params.limit, "item", "items")}`;
    case "maxItems":
      return `must have at most ${count(params.limit, "item", "items")}`;
    case "uniqueItems":
      return "must not list the same item twice";
    case "minProperties":
      return `must have at least ${count(params.limit, "field", "fields")}`;
    case "maxProperties":
      return `must have at most ${count(params.limit, "field", "fields")}`;
    case "pattern":
      return "is not in the form the service expects";
    case "format":
      return `must be ${typeof params.format === "string" ? (FORMAT_WORDS[params.format] ?? `in the ${params.format} format`) : "in the expected format"}`;
    case "oneOf":
    case "anyOf":
      return "must be one of the allowed choices";
    case "not":
      return "is a value the service does not accept";
    default:
      return message ?? "is not valid";
  }
}

type AjvLikeError = SchemaErrorFacts & { instancePath: string; schemaPath: string };

const escapeSegment = (name: string) => name.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * A validator's errors by JSON Pointer, each in words (`{}` when none are worth showing). A missing field is
 * reported on the field itself, so a form shows it beside that field; a oneOf/anyOf's branches repeat
 * themselves, so only its summary error is kept.
 */
export function fieldErrorsOf(errors: readonly AjvLikeError[], max = 50): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const error of errors.slice(0, max)) {
    if (error.schemaPath.includes("/anyOf/") || error.schemaPath.includes("/oneOf/")) continue;
    const missing = error.keyword === "required" && typeof error.params.missingProperty === "string" ? error.params.missingProperty : null;
    const path = missing === null ? error.instancePath : `${error.instancePath}/${escapeSegment(missing)}`;
    const list = (out[path] ??= []);
    const message = errorWords(error);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}
