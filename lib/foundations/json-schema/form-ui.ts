import type { RJSFSchema, RJSFValidationError, UiSchema } from "@rjsf/utils";
import { errorWords } from "./error-words";

// How the Run panel's generated form words a schema that says little: a field without a `title` is labelled
// with its name spelled out ("min_beds" → "Min beds"), and codes without names ("price_asc") are shown as
// words; the value sent is still the code. A schema's own titles, descriptions and oneOf/const choices win.

const ACRONYMS = new Set(["id", "url", "uri", "api", "iso", "utc", "usd", "eur", "gbp", "ip", "sms", "json", "html", "pdf", "csv"]);

/** "min_beds" → "Min beds", "areaRef" → "Area ref", "user-id" → "User ID". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter((w) => w.length > 0)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  const sentence = words.join(" ");
  return sentence.length === 0 ? name : sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const ORDER_SUFFIX: Record<string, string> = { asc: "(low to high)", desc: "(high to low)" };

/** "price_asc" → "Price (low to high)"; codes that are not words ("F", "3") stay as they are. */
export function choiceName(value: unknown): string {
  if (typeof value !== "string" || !/^[a-z][a-z0-9]*([_-][a-z0-9]+)+$/.test(value)) return String(value);
  const parts = value.split(/[_-]/);
  const last = parts[parts.length - 1];
  const order = last !== undefined ? ORDER_SUFFIX[last] : undefined;
  return order ? `${humanize(parts.slice(0, -1).join("_"))} ${order}` : humanize(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fieldUi(schema: unknown, name: string | null): UiSchema {
  if (!isObject(schema)) return {};
  const ui: UiSchema = {};
  if (name !== null && typeof schema.title !== "string") ui["ui:title"] = humanize(name);
  const values: unknown = schema.enum;
  if (Array.isArray(values)) {
    const names = values.map(choiceName);
    if (names.some((n, i) => n !== String(values[i]))) ui["ui:enumNames"] = names;
  }
  if (isObject(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) {
      const childUi = fieldUi(child, key);
      if (Object.keys(childUi).length > 0) ui[key] = childUi;
    }
  }
  if (isObject(schema.items)) {
    const itemUi = fieldUi(schema.items, null);
    if (Object.keys(itemUi).length > 0) ui.items = itemUi;
  }
  return ui;
}

/** The form's uiSchema: labels and choice names as above, and the fields Explore fills itself hidden. */
export function uiSchemaFor(schema: RJSFSchema, hidden: readonly string[]): UiSchema {
  const ui = fieldUi(schema, null);
  for (const name of hidden) ui[name] = { "ui:widget": "hidden" };
  return ui;
}

/** rjsf's validation errors in the same words the server uses. */
export function plainFormErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((error) => {
    const message = errorWords({ keyword: error.name ?? "", params: isObject(error.params) ? error.params : {}, message: error.message });
    return { ...error, message, stack: message };
  });
}
