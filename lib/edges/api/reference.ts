// The API reference page's reading of the OpenAPI document (lib/edges/api/openapi.ts): operations with their
// parameters and responses, and schemas as nested field lists, each type in a few words. Pure, so the page
// renders on the server from the same document /api/v1/openapi.json serves, with no Swagger UI bundle.

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const str = (value: Json): string | null => (typeof value === "string" ? value : null);

export type RefField = { name: string; type: string; required: boolean; description: string | null; fields: RefField[] };
export type RefParameter = { name: string; in: string; required: boolean; type: string; description: string | null };
export type RefResponse = { status: string; description: string; contentType: string | null; schema: string | null };
export type RefOperation = {
  method: string;
  path: string;
  id: string;
  summary: string;
  parameters: RefParameter[];
  responses: RefResponse[];
};

const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** A JSON Schema's type in words: "string", "integer", "one of: a, b", "array of string", "string or null", "ServiceDetail". */
export function typeWords(schema: Json): string {
  if (!isObject(schema)) return "any";
  const ref = str(schema.$ref);
  if (ref) return refName(ref);
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : null;
  if (variants) return variants.map(typeWords).join(" or ");
  const type = schema.type;
  if (Array.isArray(type)) return type.map((t) => (t === "array" ? typeWords({ ...schema, type: "array" }) : String(t))).join(" or ");
  if (type === "array") return `array of ${typeWords(schema.items)}`;
  if (typeof type === "string") return type;
  return "any";
}

/** The object a schema describes directly, through an array's items or one nullable variant. */
function objectOf(schema: Json): Record<string, Json> | null {
  if (!isObject(schema)) return null;
  if (isObject(schema.properties)) return schema;
  if (schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"))) return objectOf(schema.items);
  const variants = Array.isArray(schema.anyOf) ? schema.anyOf : null;
  if (variants)
    for (const v of variants) {
      const o = objectOf(v);
      if (o) return o;
    }
  return null;
}

/** A schema's fields, nested objects down to `depth` levels. */
export function schemaFields(schema: Json, depth = 3): RefField[] {
  const object = objectOf(schema);
  if (!object || !isObject(object.properties) || depth <= 0) return [];
  const required = new Set(Array.isArray(object.required) ? object.required.filter((r): r is string => typeof r === "string") : []);
  return Object.entries(object.properties).map(([name, property]) => ({
    name,
    type: typeWords(property),
    required: required.has(name),
    description: isObject(property) ? str(property.description) : null,
    fields: schemaFields(property, depth - 1),
  }));
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Every operation of the document, in its order. */
export function operationsOf(document: { paths: Record<string, Json> }): RefOperation[] {
  const out: RefOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const parameters = (Array.isArray(op.parameters) ? op.parameters : []).filter(isObject).map((p) => ({
        name: str(p.name) ?? "",
        in: str(p.in) ?? "",
        required: p.required === true,
        type: typeWords(p.schema),
        description: str(p.description),
      }));
      const responses = Object.entries(isObject(op.responses) ? op.responses : {}).map(([status, r]) => {
        const content = isObject(r) && isObject(r.content) ? Object.entries(r.content)[0] : undefined;
        const schema = content && isObject(content[1]) ? content[1].schema : undefined;
        return {
          status,
          description: isObject(r) ? (str(r.description) ?? "") : "",
          contentType: content?.[0] ?? null,
          schema: schema === undefined ? null : typeWords(schema),
        };
      });
      out.push({ method: method.toUpperCase(), path, id: str(op.operationId) ?? `${method}-${path}`, summary: str(op.summary) ?? "", parameters, responses });
    }
  }
  return out;
}
