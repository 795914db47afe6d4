// The agent.json schema (seeds/000, JSON Schema 2020-12) in zod, constraint for constraint.
// conformance.test.ts checks it against ajv running the seed itself.
//
// Three places where zod's built-ins differ from JSON Schema, so custom checks are used instead:
// - string lengths count code points (JSON Schema), not UTF-16 units (String#length);
// - `integer` is any number without a fraction, not only safe integers (z.int());
// - array bounds: zod skips the items of an over-long array, while JSON Schema (allErrors) reports
//   both, so bounds and uniqueness run as checks after the items.
// The wording of every error lives in errors.ts; custom checks only carry `params.kind`.
import { z } from "zod";
import { CAPABILITY_CLASSES, DATA_CLASSES, MATURE_REASONS, OUTSIDE_ACTIONS, PLAN_TYPES, REPEAT_MODES, type JsonObject, type JsonValue } from "./types";

export const CAPABILITY_ID_PATTERN = /^cap_[a-z0-9_]{2,40}$/u;
export const HANDLE_PATTERN = /^@[a-z0-9][a-z0-9-]{1,30}$/u;
export const VERSION_PATTERN = /^\d+\.\d+\.\d+$/u;
export const REGION_PATTERN = /^[A-Z]{2}$/u;
export const HTTPS_PATTERN = /^https:\/\//u;

/** The kinds of custom check; errors.ts words each one. */
export type CheckKind = "minLength" | "maxLength" | "minItems" | "maxItems" | "uniqueItems" | "integer" | "object";

export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

export function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  return isJsonObject(value);
}

export function isJsonObject(value: unknown): value is JsonObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every(isJsonValue);
}

function text(bounds: { min?: number; max?: number } = {}) {
  let schema = z.string();
  const { min, max } = bounds;
  if (min !== undefined) {
    schema = schema.refine((s) => codePointLength(s) >= min, { params: { kind: "minLength", limit: min } });
  }
  if (max !== undefined) {
    schema = schema.refine((s) => codePointLength(s) <= max, { params: { kind: "maxLength", limit: max } });
  }
  return schema;
}

function integer(bounds: { min?: number; max?: number } = {}) {
  let schema = z.number().refine((n) => Number.isInteger(n), { params: { kind: "integer" } });
  if (bounds.min !== undefined) schema = schema.min(bounds.min);
  if (bounds.max !== undefined) schema = schema.max(bounds.max);
  return schema;
}

// Array checks must also run when some items failed, as JSON Schema's do.
const onArrays = { when: (payload: { value: unknown }) => Array.isArray(payload.value) };

function list<T extends z.ZodType>(item: T, bounds: { min?: number; max?: number; unique?: boolean } = {}) {
  let schema = z.array(item);
  const { min, max } = bounds;
  if (min !== undefined) {
    schema = schema.refine((a) => a.length >= min, { ...onArrays, params: { kind: "minItems", limit: min } });
  }
  if (max !== undefined) {
    schema = schema.refine((a) => a.length <= max, { ...onArrays, params: { kind: "maxItems", limit: max } });
  }
  if (bounds.unique) {
    schema = schema.refine(hasUniqueStrings, { ...onArrays, params: { kind: "uniqueItems" } });
  }
  return schema;
}

// The only uniqueItems in the seed is over strings; like ajv, items of another type are skipped.
function hasUniqueStrings(items: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    if (typeof item !== "string") continue;
    if (seen.has(item)) return false;
    seen.add(item);
  }
  return true;
}

/** `type: object` with nothing else said: whatever JSON object, kept as written. */
const jsonObject = z.custom<JsonObject>((value) => isJsonObject(value), { params: { kind: "object" } });

function orNull<T extends z.ZodType>(schema: T) {
  return z.union([schema, z.null()]);
}

const retention = z.enum(["none", "retained"]);

export const dataSchema = z.strictObject({
  accepted_data_classes: list(z.enum(DATA_CLASSES), { min: 1 }).optional(),
  inputs: z
    .strictObject({
      retention: retention.optional(),
      days: orNull(integer({ min: 1, max: 3650 })).optional(),
      journal: z.boolean().optional(),
    })
    .optional(),
  results: z
    .strictObject({
      retention: retention.optional(),
      days: orNull(integer({ min: 1, max: 3650 })).optional(),
      journal: z.boolean().optional(),
    })
    .optional(),
  execution_metadata: z
    .strictObject({
      retention_days: orNull(integer({ min: 1 })).optional(),
    })
    .optional(),
  downstream: z
    .strictObject({
      retention: retention.optional(),
      days: orNull(integer({ min: 1 })).optional(),
      journal: z.boolean().optional(),
      subprocessors: list(z.strictObject({ name: z.string(), purpose: z.string(), region: z.string() })).optional(),
    })
    .optional(),
  used_for_training: z.boolean().optional(),
  processing_regions: list(z.string().regex(REGION_PATTERN)).optional(),
  deletion_on_request: z.boolean().optional(),
  encrypted_at_rest: z.boolean().optional(),
  dpa_url: orNull(z.string()).optional(),
});

/** additionalProperties: true — prices, limits and the like are kept and shown as written. */
export const planSchema = z.looseObject({
  type: z.enum(PLAN_TYPES),
  plan_id: z.string().optional(),
});

export const capabilitySchema = z.strictObject({
  tool: z.string(),
  capability_id: z.string().regex(CAPABILITY_ID_PATTERN).optional(),
  name: z.string(),
  summary: text({ min: 10, max: 300 }),
  category: z.string(),
  tags: list(text({ max: 41 }), { max: 7 }).optional(),
  content_rating: z.enum(["general", "mature"]).optional(),
  mature_reasons: list(z.enum(MATURE_REASONS), { max: 5, unique: true }).optional(),
  limitations: z.string(),
  class: z.enum(CAPABILITY_CLASSES),
  repeat: z.enum(REPEAT_MODES).optional(),
  refreshes: z
    .strictObject({
      per_execution: integer({ min: 1 }),
      within_hours: integer({ min: 1 }),
    })
    .optional(),
  storage_free_accepted: z.boolean().optional(),
  outside_action: z.enum(OUTSIDE_ACTIONS).optional(),
  effects: z
    .strictObject({
      idempotency_argument: orNull(z.string()).optional(),
      outcome_lookup: orNull(z.string()).optional(),
      escalate: z.boolean().optional(),
      dry_run_argument: orNull(z.string()).optional(),
    })
    .optional(),
  cancellation: orNull(z.string()).optional(),
  max_duration_seconds: integer({ min: 5, max: 3600 }).optional(),
  input_schema: jsonObject.optional(),
  output_schema: jsonObject.optional(),
  data: dataSchema.optional(),
  plans: list(planSchema).optional(),
  version: z.string().regex(VERSION_PATTERN).optional(),
  example: z
    .strictObject({
      input: jsonObject,
      problem: z.string().optional(),
      success_criteria: z.string().optional(),
      expected_output: jsonObject.optional(),
      origin: z.enum(["schema", "found", "publisher"]).optional(),
      helpers: list(z.string(), { max: 8 }).optional(),
    })
    .optional(),
  offered: z.boolean().optional(),
  needs_confirmation: z.boolean().optional(),
});

export const agentFileSchema = z.strictObject({
  ekl: z.literal("1.0"),
  mode: z.enum(["service_provider", "active_participant"]),
  execution_mode: z.enum(["storage_free", "durable"]),
  agent: z.strictObject({
    handle: z.string().regex(HANDLE_PATTERN),
    display_name: z.string(),
    purpose: z.string(),
    interests: list(z.string()).optional(),
    languages: list(z.string()).optional(),
    logo: orNull(z.string()).optional(),
    website: orNull(z.string()).optional(),
  }),
  adapter: z.strictObject({
    endpoint: text({ min: 1 }),
    result_retention_days: integer({ min: 1 }).optional(),
    execution_id_retention_days: integer({ min: 1 }).optional(),
    path: z.string().optional(),
    storage: z.string().optional(),
  }),
  terms: z
    .strictObject({
      text_file: orNull(z.string()).optional(),
      text: orNull(z.string()).optional(),
      url: orNull(z.string()).optional(),
      version: z.string().optional(),
    })
    .optional(),
  payment: z
    .strictObject({
      link: text({ max: 2048 }).regex(HTTPS_PATTERN),
      note: orNull(text({ max: 200 })).optional(),
    })
    .optional(),
  defaults: z
    .strictObject({
      data: dataSchema.optional(),
      plans: list(planSchema).optional(),
    })
    .optional(),
  capabilities: list(capabilitySchema, { min: 1 }),
  upstream: z.strictObject({ mcp_url: z.string() }).optional(),
  network: z.strictObject({ url: z.string() }).optional(),
  data_declared: z.boolean().optional(),
});

export type AgentFileInput = z.infer<typeof agentFileSchema>;
export type CapabilityInput = z.infer<typeof capabilitySchema>;
export type DataInput = z.infer<typeof dataSchema>;
export type PlanInput = z.infer<typeof planSchema>;
