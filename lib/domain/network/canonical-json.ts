// RFC 8785 (JSON Canonicalization Scheme) for the values the board hashes: strings, finite numbers, booleans,
// null, arrays and plain objects. ECMAScript's JSON.stringify already writes strings and numbers the way RFC 8785
// asks; what it adds is the order of object members, sorted by their UTF-16 code units (JavaScript's default sort).

export type Canonicalizable = string | number | boolean | null | Canonicalizable[] | { [key: string]: Canonicalizable };

export function canonicalJson(value: Canonicalizable): string {
  if (value === null || typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("RFC 8785 has no representation for a non-finite number");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const members = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}
