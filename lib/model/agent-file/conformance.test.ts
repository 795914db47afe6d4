// The zod schema against the seed schema itself, run by ajv (JSON Schema 2020-12, allErrors).
// fast-check builds valid documents, then mutates them — one constraint at a time, several at once,
// and at random — and the two must agree on the verdict and on where the errors are.
//
// Error-path mapping (ajv → our JSON Pointer):
//   required              instancePath + "/" + escape(params.missingProperty)   (the missing field)
//   additionalProperties  instancePath + "/" + escape(params.additionalProperty) (the field not allowed)
//   everything else       instancePath as is (already an escaped JSON Pointer; "" is the root)
// ajv also reports each failed anyOf branch and the anyOf itself; all sit at the same instancePath,
// so comparing the *sets* of paths is exact.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import type { ErrorObject } from "ajv/dist/2020";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toPointer } from "./errors";
import { checkAgentSchema } from "./parse";
import { isJsonObject } from "./schema";
import { CAPABILITY_CLASSES, DATA_CLASSES, MATURE_REASONS, OUTSIDE_ACTIONS, PLAN_TYPES, REPEAT_MODES, type JsonObject, type JsonValue } from "./types";

// The agent.json schema as the brief gives it (shared/seeds/000), kept in the project so a clone anywhere tests against it.
const SEED_URL = new URL("./agent-file.schema.json", import.meta.url);

function loadSeed(): JsonObject {
  const parsed: unknown = JSON.parse(readFileSync(SEED_URL, "utf8"));
  if (!isJsonObject(parsed)) throw new Error("the seed schema is not a JSON object");
  return parsed;
}

const seed = loadSeed();
const ajvValidate = new Ajv2020({ allErrors: true, strict: false }).compile(seed);

function escapeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function ajvPath(error: ErrorObject): string {
  const params: Record<string, unknown> = error.params;
  if (error.keyword === "required" && typeof params["missingProperty"] === "string") {
    return `${error.instancePath}/${escapeSegment(params["missingProperty"])}`;
  }
  if (error.keyword === "additionalProperties" && typeof params["additionalProperty"] === "string") {
    return `${error.instancePath}/${escapeSegment(params["additionalProperty"])}`;
  }
  return error.instancePath;
}

const keywordsSeen = new Set<string>();
const verdicts = { valid: 0, invalid: 0 };

type Verdict = { valid: boolean; paths: string[] };

function ajvVerdict(document: JsonValue): Verdict {
  const valid = ajvValidate(document);
  const errors = ajvValidate.errors ?? [];
  for (const error of errors) keywordsSeen.add(error.keyword);
  return { valid, paths: [...new Set(errors.map(ajvPath))].sort() };
}

function zodVerdict(document: JsonValue): Verdict {
  const result = checkAgentSchema(document);
  return { valid: result.ok, paths: result.ok ? [] : [...new Set(result.errors.map((e) => e.path))].sort() };
}

function expectSameVerdict(document: JsonValue): void {
  const expected = ajvVerdict(document);
  const actual = zodVerdict(document);
  verdicts[expected.valid ? "valid" : "invalid"] += 1;
  if (actual.valid !== expected.valid || actual.paths.join("\n") !== expected.paths.join("\n")) {
    throw new Error(
      `zod and ajv disagree\najv: ${JSON.stringify(expected)}\nzod: ${JSON.stringify(actual)}\n` +
        `ajv errors: ${JSON.stringify(ajvValidate.errors)}\ndocument: ${JSON.stringify(document).slice(0, 4000)}`,
    );
  }
}

// ---------- valid documents ----------

// Code points of different widths, so length limits are tested in code points, not UTF-16 units.
const char = fc.constantFrom("a", "b", "z", "0", "_", "-", " ", "é", "ß", "中", "😀", "~", "/");
const str = (minLength = 0, maxLength = 12) => fc.string({ unit: char, minLength, maxLength });
const oneOf = <T>(values: readonly T[]) => fc.constantFrom(...values);
const orNull = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constant(null));
const anyObject = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
const positive = fc.integer({ min: 1, max: 1_000_000 });
const retention = oneOf(["none", "retained"] as const);

const retentionPart = fc.record({ retention, days: orNull(fc.integer({ min: 1, max: 3650 })), journal: fc.boolean() }, { requiredKeys: [] });

const data = fc.record(
  {
    accepted_data_classes: fc.array(oneOf(DATA_CLASSES), { minLength: 1, maxLength: 4 }),
    inputs: retentionPart,
    results: retentionPart,
    execution_metadata: fc.record({ retention_days: orNull(positive) }, { requiredKeys: [] }),
    downstream: fc.record(
      {
        retention,
        days: orNull(positive),
        journal: fc.boolean(),
        subprocessors: fc.array(fc.record({ name: str(), purpose: str(), region: str(0, 3) }), { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    used_for_training: fc.boolean(),
    processing_regions: fc.array(fc.stringMatching(/^[A-Z]{2}$/), { maxLength: 3 }),
    deletion_on_request: fc.boolean(),
    encrypted_at_rest: fc.boolean(),
    dpa_url: orNull(str()),
  },
  { requiredKeys: [] },
);

const plan = fc
  .tuple(
    fc.record({ type: oneOf(PLAN_TYPES), plan_id: str() }, { requiredKeys: ["type"] }),
    fc.dictionary(oneOf(["price_usd", "daily_limit", "calls", "period"]), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
  )
  .map(([core, extra]) => ({ ...extra, ...core }));

const capability = fc.record(
  {
    tool: str(1, 10),
    capability_id: fc.stringMatching(/^cap_[a-z0-9_]{2,40}$/),
    name: str(),
    summary: fc.oneof(str(10, 12), str(295, 300), str(10, 300)),
    category: str(),
    tags: fc.array(fc.oneof(str(0, 8), str(38, 41)), { maxLength: 7 }),
    content_rating: oneOf(["general", "mature"] as const),
    mature_reasons: fc.subarray([...MATURE_REASONS]),
    limitations: str(),
    class: oneOf(CAPABILITY_CLASSES),
    repeat: oneOf(REPEAT_MODES),
    refreshes: fc.record({ per_execution: positive, within_hours: positive }),
    storage_free_accepted: fc.boolean(),
    outside_action: oneOf(OUTSIDE_ACTIONS),
    effects: fc.record(
      {
        idempotency_argument: orNull(str()),
        outcome_lookup: orNull(str()),
        escalate: fc.boolean(),
        dry_run_argument: orNull(str()),
      },
      { requiredKeys: [] },
    ),
    cancellation: orNull(str()),
    max_duration_seconds: fc.integer({ min: 5, max: 3600 }),
    input_schema: anyObject,
    output_schema: anyObject,
    data,
    plans: fc.array(plan, { maxLength: 3 }),
    version: fc.stringMatching(/^\d{1,3}\.\d{1,3}\.\d{1,3}$/),
    example: fc.record(
      {
        input: anyObject,
        problem: str(),
        success_criteria: str(),
        expected_output: anyObject,
        origin: oneOf(["schema", "found", "publisher"] as const),
        helpers: fc.array(str(), { maxLength: 8 }),
      },
      { requiredKeys: ["input"] },
    ),
    offered: fc.boolean(),
    needs_confirmation: fc.boolean(),
  },
  { requiredKeys: ["tool", "name", "summary", "category", "limitations", "class"] },
);

const agentFile = fc.record(
  {
    ekl: fc.constant("1.0"),
    mode: oneOf(["service_provider", "active_participant"] as const),
    execution_mode: oneOf(["storage_free", "durable"] as const),
    agent: fc.record(
      {
        handle: fc.stringMatching(/^@[a-z0-9][a-z0-9-]{1,30}$/),
        display_name: str(),
        purpose: str(),
        interests: fc.array(str(), { maxLength: 3 }),
        languages: fc.array(str(0, 3), { maxLength: 3 }),
        logo: orNull(str()),
        website: orNull(str()),
      },
      { requiredKeys: ["handle", "display_name", "purpose"] },
    ),
    adapter: fc.record(
      { endpoint: str(1, 20), result_retention_days: positive, execution_id_retention_days: positive, path: str(), storage: str() },
      { requiredKeys: ["endpoint"] },
    ),
    terms: fc.record({ text_file: orNull(str()), text: orNull(str()), url: orNull(str()), version: str() }, { requiredKeys: [] }),
    payment: fc.record(
      {
        link: fc.oneof(
          fc.stringMatching(/^https:\/\/[a-z.]{0,20}$/),
          str(2035, 2040).map((s) => `https://${s}`),
        ),
        note: orNull(fc.oneof(str(0, 12), str(195, 200))),
      },
      { requiredKeys: ["link"] },
    ),
    defaults: fc.record({ data, plans: fc.array(plan, { maxLength: 2 }) }, { requiredKeys: [] }),
    capabilities: fc.array(capability, { minLength: 1, maxLength: 3 }),
    upstream: fc.record({ mcp_url: str() }),
    network: fc.record({ url: str() }),
    data_declared: fc.boolean(),
  },
  { requiredKeys: ["ekl", "mode", "execution_mode", "agent", "capabilities", "adapter"] },
);

// Through JSON text, as a file would arrive (and so that both validators see plain JSON).
function asJson(value: unknown): JsonObject {
  const parsed: unknown = JSON.parse(JSON.stringify(value));
  if (!isJsonObject(parsed)) throw new Error("not a JSON object");
  return parsed;
}

const validDocument = agentFile.map(asJson);

// ---------- mutations, derived from the seed schema itself ----------

type Path = (string | number)[];
type Mutation = { path: Path; remove: boolean; value: JsonValue };

const defs = seed["$defs"];

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
}

function resolve(node: JsonObject): JsonObject {
  const ref = node["$ref"];
  if (typeof ref !== "string") return node;
  const name = ref.split("/").pop() ?? "";
  return asObject(asObject(defs)?.[name]) ?? node;
}

function typesOf(node: JsonObject): Set<string> {
  const types = new Set<string>();
  const type = node["type"];
  if (typeof type === "string") types.add(type);
  if (Array.isArray(type)) for (const t of type) if (typeof t === "string") types.add(t);
  const anyOf = node["anyOf"];
  if (Array.isArray(anyOf)) for (const branch of anyOf) for (const t of typesOf(asObject(branch) ?? {})) types.add(t);
  return types;
}

// One value of each JSON type; the ones the node does not accept become wrong-type mutations.
const TYPE_SAMPLES: [string, JsonValue][] = [
  ["string", "s"],
  ["integer", 7],
  ["number", 7.5],
  ["boolean", true],
  ["null", null],
  ["object", {}],
  ["array", []],
];

function accepts(types: Set<string>, type: string): boolean {
  if (types.size === 0) return true;
  if (type === "integer") return types.has("integer") || types.has("number");
  return types.has(type);
}

// Strings that almost match one of the seed's patterns; every pattern location gets all of them.
const NEAR_MISSES: JsonValue[] = [
  "https://x",
  "https:/x",
  "https:x",
  "http://x",
  "HTTPS://x",
  " https://x",
  "cap_ab",
  "cap_a",
  "cap_Ab",
  `cap_${"a".repeat(40)}`,
  `cap_${"a".repeat(41)}`,
  "cap_a-b",
  "cap_é1",
  "@ab",
  "@a",
  "@-ab",
  "@a_b",
  `@${"a".repeat(31)}`,
  `@${"a".repeat(32)}`,
  "ab",
  "1.0.0",
  "10.20.30",
  "1.0",
  "1.0.0.0",
  "v1.0.0",
  "1.0.0-beta",
  "١.٢.٣",
  "DE",
  "D",
  "DEU",
  "de",
  "ÄB",
];

const wide = (n: number) => "😀".repeat(Math.max(0, n));

function keywordMutations(node: JsonObject, value: JsonValue, path: Path, out: Mutation[]): void {
  const set = (v: JsonValue) => out.push({ path, remove: false, value: v });
  const prefix = node["pattern"] === "^https://" ? "https://" : "";
  const { enum: values, const: constant, pattern, minLength, maxLength, minimum, maximum, minItems, maxItems } = node;
  if (Array.isArray(values)) {
    set("zz_not_listed");
    const other = values.find((v) => v !== value);
    if (other !== undefined) set(other);
  }
  if (constant !== undefined) set("0.9");
  if (typeof pattern === "string") {
    set("!");
    if (typeof value === "string") set(`${value}\n`);
    for (const nearMiss of NEAR_MISSES) set(nearMiss);
  }
  if (typeof minLength === "number") {
    set(prefix + wide(minLength - prefix.length - 1));
    set(prefix + wide(minLength - prefix.length));
  }
  if (typeof maxLength === "number") {
    set(prefix + wide(maxLength - prefix.length));
    set(prefix + wide(maxLength - prefix.length + 1));
    set(prefix + "a".repeat(maxLength - prefix.length + 1));
  }
  if (typeof minimum === "number") {
    set(minimum - 1);
    set(minimum);
    set(minimum + 0.5);
    set(1e21);
  }
  if (typeof maximum === "number") {
    set(maximum + 1);
    set(maximum);
    set(1e21);
  }
  const items = Array.isArray(value) ? value : [];
  const filler: JsonValue = items[0] ?? "x";
  if (typeof minItems === "number") set(items.slice(0, minItems - 1));
  if (typeof maxItems === "number") {
    set(Array.from({ length: maxItems + 1 }, () => filler));
    set(Array.from({ length: maxItems }, () => filler));
  }
  if (node["uniqueItems"] === true) {
    set([...items, filler]);
    set([filler, filler]);
    set([{}, {}]);
    set([7, 7]);
  }
}

const FOREIGN_FIELDS = ["zz_extra", "tool", "type", "handle", "a/b~c"];

function collectMutations(value: JsonValue, schemaNode: JsonObject, path: Path, out: Mutation[]): void {
  const node = resolve(schemaNode);
  const types = typesOf(node);
  for (const [type, sample] of TYPE_SAMPLES) if (!accepts(types, type)) out.push({ path, remove: false, value: sample });

  const anyOf = node["anyOf"];
  const branches = Array.isArray(anyOf) ? anyOf.map((b) => resolve(asObject(b) ?? {})) : [node];
  for (const branch of branches) keywordMutations(branch, value, path, out);

  const object = asObject(value);
  if (object) {
    const properties = asObject(node["properties"]);
    const required = node["required"];
    if (Array.isArray(required)) {
      for (const key of required) if (typeof key === "string" && key in object) out.push({ path: [...path, key], remove: true, value: null });
    }
    if (node["additionalProperties"] === false) {
      for (const key of FOREIGN_FIELDS) if (!(key in (properties ?? {}))) out.push({ path: [...path, key], remove: false, value: 1 });
    }
    if (properties) {
      for (const [key, child] of Object.entries(object)) {
        const childSchema = asObject(properties[key]);
        if (childSchema) {
          if (!(Array.isArray(required) && required.includes(key))) out.push({ path: [...path, key], remove: true, value: null });
          collectMutations(child, childSchema, [...path, key], out);
        }
      }
    }
  }
  const itemSchema = asObject(node["items"]);
  if (Array.isArray(value) && itemSchema) value.forEach((item, i) => collectMutations(item, itemSchema, [...path, i], out));
}

function mutationsOf(document: JsonObject): Mutation[] {
  const out: Mutation[] = [];
  collectMutations(document, seed, [], out);
  return out;
}

function apply(document: JsonValue, mutation: Mutation): JsonValue {
  if (mutation.path.length === 0) return mutation.value;
  const copy = structuredClone(document);
  let parent: JsonValue | undefined = copy;
  for (const segment of mutation.path.slice(0, -1)) {
    if (Array.isArray(parent) && typeof segment === "number") parent = parent[segment];
    else if (asObject(parent) && typeof segment === "string") parent = asObject(parent)?.[segment];
    else return copy;
  }
  const last = mutation.path[mutation.path.length - 1];
  if (Array.isArray(parent) && typeof last === "number" && last < parent.length) {
    if (mutation.remove) parent.splice(last, 1);
    else parent[last] = mutation.value;
  } else {
    const target = asObject(parent);
    if (target && typeof last === "string") {
      if (mutation.remove) delete target[last];
      else Object.defineProperty(target, last, { value: mutation.value, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy;
}

// Every location of a document, for mutations that know nothing of the schema.
function locations(value: JsonValue, path: Path, out: Path[]): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, i) => locations(item, [...path, i], out));
  else for (const [key, item] of Object.entries(asObject(value) ?? {})) locations(item, [...path, key], out);
  return out;
}

const RUNS = { valid: 600, single: 3000, several: 800, random: 1000 };

describe("the zod schema agrees with the seed schema (ajv)", () => {
  it("accepts the seed's own example", () => {
    const examples = seed["examples"];
    const example = Array.isArray(examples) ? examples[0] : undefined;
    if (example === undefined) throw new Error("the seed has no example");
    expectSameVerdict(example);
    expect(checkAgentSchema(example).ok).toBe(true);
  });

  it("accepts the valid documents ajv accepts", () => {
    fc.assert(
      fc.property(validDocument, (document) => {
        expect(ajvValidate(document)).toBe(true);
        expectSameVerdict(document);
      }),
      { numRuns: RUNS.valid },
    );
  });

  it("agrees on every single mutation of a constraint", () => {
    fc.assert(
      fc.property(validDocument, fc.nat(), (document, pick) => {
        const mutations = mutationsOf(document);
        const mutation = mutations[pick % mutations.length];
        if (mutation) expectSameVerdict(apply(document, mutation));
      }),
      { numRuns: RUNS.single },
    );
  });

  it("agrees on several mutations at once, reporting every error", () => {
    fc.assert(
      fc.property(validDocument, fc.array(fc.nat(), { minLength: 2, maxLength: 5 }), (document, picks) => {
        const mutations = mutationsOf(document);
        let mutated: JsonValue = document;
        for (const pick of picks) {
          const mutation = mutations[pick % mutations.length];
          if (mutation) mutated = apply(mutated, mutation);
        }
        expectSameVerdict(mutated);
      }),
      { numRuns: RUNS.several },
    );
  });

  it("agrees on random values at random places", () => {
    fc.assert(
      fc.property(
        validDocument,
        fc.nat(),
        fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom<JsonValue>(null, "", 0, -1, 1.5, [], {}, "😀")),
        fc.boolean(),
        (document, pick, value, remove) => {
          const all = locations(document, [], []);
          const path = all[pick % all.length] ?? [];
          expectSameVerdict(apply(document, { path, remove: remove && path.length > 0, value: asJson({ v: value })["v"] ?? null }));
        },
      ),
      { numRuns: RUNS.random },
    );
  });

  it("covered every kind of constraint in the seed, with both verdicts", () => {
    const kinds = [
      "type",
      "required",
      "additionalProperties",
      "enum",
      "const",
      "pattern",
      "minLength",
      "maxLength",
      "minimum",
      "maximum",
      "minItems",
      "maxItems",
      "uniqueItems",
      "anyOf",
    ];
    for (const kind of kinds) expect(keywordsSeen, kind).toContain(kind);
    expect(verdicts.valid).toBeGreaterThan(RUNS.valid);
    expect(verdicts.invalid).toBeGreaterThan(RUNS.single / 2);
  });

  it("maps a pointer the way ajv escapes one", () => {
    expect(toPointer(["a/b", "c~d", 0])).toBe("/a~1b/c~0d/0");
  });
});
