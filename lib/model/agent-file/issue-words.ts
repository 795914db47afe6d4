// The words both translators of zod's issues use (an agent file's, ./errors.ts, and a foreign document's,
// lib/domain/formats/problems.ts): what a type is called, what a value is, and the value at an issue's path,
// which zod's issues do not carry, so a missing field and a mistyped one read apart.

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  record: "an object",
  array: "a list",
  null: "null",
};

/** zod's name of an expected type, in words: "int" → "a whole number". */
export function typeWords(expected: string): string {
  return TYPE_WORDS[expected] ?? expected;
}

/** What a value is, in the same words: 3 → "a whole number", [] → "a list". */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "number") return Number.isInteger(value) ? "a whole number" : "a number";
  if (typeof value === "boolean") return "true or false";
  if (typeof value === "string") return "a string";
  if (typeof value === "object") return "an object";
  return typeof value;
}

export type Lookup = { found: true; value: unknown } | { found: false };

/** The value at `path` in the parsed document, if there is one (own fields and list items only). */
export function valueAt(root: unknown, path: readonly PropertyKey[]): Lookup {
  let current: unknown = root;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === "number" && segment < current.length) {
      current = current[segment];
    } else if (
      typeof current === "object" &&
      current !== null &&
      !Array.isArray(current) &&
      typeof segment === "string" &&
      Object.prototype.hasOwnProperty.call(current, segment)
    ) {
      current = Object.getOwnPropertyDescriptor(current, segment)?.value;
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}
