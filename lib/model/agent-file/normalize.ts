// From a schema-valid agent.json to what Explore keeps: DESIGN.md "Rules Explore reads out of
// agent.json" 2-8, 11 and 12. Every cross-field rule reports at once — for a document that failed the
// schema too, on the parts that passed it — and a document with any error yields no agent at all
// (rule 1: never half-imported).
import type { z } from "zod";
import { resolveCapabilityTags } from "./capability-tags";
import { toPointer } from "./errors";
import {
  agentFileSchema,
  CAPABILITY_ID_PATTERN,
  capabilitySchema,
  isJsonObject,
  type AgentFileInput,
  type CapabilityInput,
  type DataInput,
  type PlanInput,
} from "./schema";
import { indexedTextTooLong, integerTooLarge, planStorageErrors } from "./storage-limits";
import type {
  AgentFileError,
  DataDeclaration,
  Example,
  ExecutionMode,
  JsonObject,
  JsonValue,
  NormalizedCapability,
  ParseResult,
  Plan,
  RepeatMode,
} from "./types";
import { sha256Hex } from "@/lib/foundations/sha256";

const PLACEHOLDER = /\$\{[A-Z0-9_]+\}/u;

/** A `${NAME}` value is the adapter's to resolve; until it is announced the agent cannot be run. */
export function hasPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value);
}

function toJsonValue(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items: JsonValue[] = [];
    for (const item of value) {
      const json = toJsonValue(item);
      if (json !== undefined) items.push(json);
    }
    return items;
  }
  if (typeof value === "object") return toJsonObject(value);
  return undefined;
}

// Object.fromEntries defines keys as data, so a "__proto__" field stays a field.
function toJsonObject(value: object): JsonObject {
  const entries: [string, JsonValue][] = [];
  for (const [key, item] of Object.entries(value)) {
    const json = toJsonValue(item);
    if (json !== undefined) entries.push([key, json]);
  }
  return Object.fromEntries(entries);
}

function without(object: JsonObject, keys: readonly string[]): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}

/** Rule 2: the local-only fields are the publisher's machine's business, never stored or shown. */
export function stripLocalFields(document: JsonObject): JsonObject {
  const published = without(document, ["upstream", "network"]);
  const adapter = published["adapter"];
  if (isObject(adapter)) published["adapter"] = without(adapter, ["path", "storage"]);
  const terms = published["terms"];
  if (isObject(terms)) published["terms"] = without(terms, ["text_file"]);
  return published;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function mergeData(defaults: DataInput | undefined, own: DataInput | undefined): DataInput {
  // Key by key: a capability's own `inputs` replaces the default `inputs` whole, and so on.
  return { ...defaults, ...own };
}

function retentionOf(part: { retention?: "none" | "retained"; days?: number | null } | undefined) {
  return { retention: part?.retention ?? null, days: part?.days ?? null };
}

function toDataDeclaration(data: DataInput): DataDeclaration {
  return {
    acceptedDataClasses: data.accepted_data_classes ?? null,
    inputs: data.inputs ? { ...retentionOf(data.inputs), journal: data.inputs.journal ?? null } : null,
    results: data.results ? { ...retentionOf(data.results), journal: data.results.journal ?? null } : null,
    executionMetadata: data.execution_metadata ? { retentionDays: data.execution_metadata.retention_days ?? null } : null,
    downstream: data.downstream
      ? {
          ...retentionOf(data.downstream),
          journal: data.downstream.journal ?? null,
          subprocessors: (data.downstream.subprocessors ?? []).map((s) => ({ ...s })),
        }
      : null,
    usedForTraining: data.used_for_training ?? null,
    processingRegions: data.processing_regions ?? null,
    deletionOnRequest: data.deletion_on_request ?? null,
    encryptedAtRest: data.encrypted_at_rest ?? null,
    dpaUrl: data.dpa_url ?? null,
  };
}

function toPlan(plan: PlanInput): Plan {
  const { type, plan_id: planId, ...rest } = plan;
  return { planId: planId ?? type, type, extra: toJsonObject(rest) };
}

const FREE_WITHOUT_LIMIT: Plan = { planId: "free", type: "free", extra: {} };

function defaultRepeat(capability: CapabilityInput, mode: ExecutionMode): RepeatMode {
  if (capability.class === "external_action") return "status_only";
  return mode === "durable" ? "return_kept" : "refresh";
}

function toExample(example: CapabilityInput["example"]): Example | null {
  if (!example) return null;
  return {
    input: example.input,
    problem: example.problem ?? null,
    successCriteria: example.success_criteria ?? null,
    expectedOutput: example.expected_output ?? null,
    origin: example.origin ?? "publisher",
    helpers: example.helpers ?? [],
  };
}

// Not a DESIGN.md rule but needed by payments: a plan is named by its plan_id within a capability.
function duplicatePlanErrors(plans: readonly Plan[], at: (string | number)[]): AgentFileError[] {
  const errors: AgentFileError[] = [];
  const seen = new Set<string>();
  plans.forEach((plan, i) => {
    if (seen.has(plan.planId)) {
      errors.push({
        path: toPointer([...at, i, "plan_id"]),
        message: `plan ID ${JSON.stringify(plan.planId)} is used twice; give each plan its own plan_id`,
      });
    }
    seen.add(plan.planId);
  });
  return errors;
}

/**
 * What a capability's rules need from the rest of the document. `mode` is undefined and `defaultPlans`
 * null when that part (`execution_mode`, `defaults.plans`) failed the schema: the rules that depend on
 * it cannot be judged, so they are skipped rather than guessed.
 */
type RuleContext = {
  mode: ExecutionMode | undefined;
  defaultPlans: readonly PlanInput[] | null;
  index: number;
  errors: AgentFileError[];
  idsSeen: Map<string, number>;
};

/** Rules 3-8 and 11 for one schema-valid capability; returns what they resolve (ID and tags). */
function checkCapability(capability: CapabilityInput, context: RuleContext): { capabilityId: string; tags: string[] } {
  const { mode, index, errors } = context;
  const at: (string | number)[] = ["capabilities", index];
  const path = (...rest: (string | number)[]) => toPointer([...at, ...rest]);

  // Rules 3 and 11: the default ID must itself be a valid ID, and IDs are unique within the agent.
  const capabilityId = capability.capability_id ?? `cap_${capability.tool}`;
  if (capability.capability_id === undefined && !CAPABILITY_ID_PATTERN.test(capabilityId)) {
    errors.push({
      path: path("capability_id"),
      message: `the default ID ${JSON.stringify(capabilityId)} (cap_ + tool) is not a valid capability ID; set capability_id to cap_ followed by 2 to 40 lowercase letters, digits or underscores`,
    });
  }
  const firstUse = context.idsSeen.get(capabilityId);
  if (firstUse === undefined) {
    context.idsSeen.set(capabilityId, index);
  } else {
    errors.push({
      path: path("capability_id"),
      message: `capability ID ${JSON.stringify(capabilityId)} is already used by capability ${firstUse}; set a different capability_id`,
    });
  }

  // Rule 5.
  const contentRating = capability.content_rating ?? "general";
  const matureReasons = capability.mature_reasons ?? [];
  if (contentRating === "mature" && matureReasons.length === 0) {
    errors.push({ path: path("mature_reasons"), message: "a mature capability needs at least one reason" });
  }
  if (contentRating === "general" && matureReasons.length > 0) {
    errors.push({
      path: path("mature_reasons"),
      message: "a general capability has no mature reasons; remove them or set content_rating to mature",
    });
  }

  // Rule 7.
  const external = capability.class === "external_action";
  if (external && capability.outside_action === undefined) {
    errors.push({
      path: path("outside_action"),
      message: "an external action must say what it does outside the network: one of send_messages, schedule, records, submit, purchase",
    });
  }
  if (!external && capability.outside_action !== undefined) {
    errors.push({ path: path("outside_action"), message: `only an external action has outside_action; this capability is ${capability.class}` });
  }
  if (!external && capability.effects !== undefined) {
    errors.push({ path: path("effects"), message: `only an external action has effects; this capability is ${capability.class}` });
  }

  // Rule 4.
  if (capability.repeat === "return_kept" && mode === "storage_free") {
    errors.push({ path: path("repeat"), message: "return_kept is not possible in storage-free mode: nothing is stored to return" });
  }

  // Rule 3: a capability's plans replace the defaults whole.
  const planInputs = capability.plans ?? context.defaultPlans;
  if (capability.plans) {
    errors.push(...duplicatePlanErrors(capability.plans.map(toPlan), [...at, "plans"]), ...planStorageErrors(capability.plans, [...at, "plans"]));
  }
  indexedTextTooLong(capability.category, [...at, "category"], errors);
  integerTooLarge(capability.refreshes?.per_execution, [...at, "refreshes", "per_execution"], errors);
  integerTooLarge(capability.refreshes?.within_hours, [...at, "refreshes", "within_hours"], errors);

  // Rule 6, reported on the capability (where the fix goes), even when the paid plan is a default.
  const storageFreeAccepted = capability.storage_free_accepted ?? false;
  const paid = planInputs !== null && planInputs.some((plan) => plan.type !== "free");
  if (paid && mode === "storage_free" && !storageFreeAccepted) {
    errors.push({
      path: path("storage_free_accepted"),
      message: "a paid plan in storage-free mode needs storage_free_accepted: true on the capability",
    });
  }

  const tags = resolveCapabilityTags(capability, at, errors);
  return { capabilityId, tags };
}

function normalizeCapability(capability: CapabilityInput, document: AgentFileInput, resolved: { capabilityId: string; tags: string[] }): NormalizedCapability {
  const { capabilityId, tags } = resolved;
  const mode = document.execution_mode;
  const contentRating = capability.content_rating ?? "general";
  const matureReasons = capability.mature_reasons ?? [];
  const repeat = capability.repeat ?? defaultRepeat(capability, mode);
  // Rule 3: no plan at all is free without a limit.
  const planInputs = capability.plans ?? document.defaults?.plans ?? [];
  const plans = planInputs.length > 0 ? planInputs.map(toPlan) : [FREE_WITHOUT_LIMIT];
  const storageFreeAccepted = capability.storage_free_accepted ?? false;
  const offered = capability.offered ?? true;
  const needsConfirmation = capability.needs_confirmation ?? false;

  return {
    capabilityId,
    tool: capability.tool,
    name: capability.name,
    summary: capability.summary,
    category: capability.category,
    tags,
    contentRating,
    matureReasons: [...matureReasons],
    limitations: capability.limitations,
    class: capability.class,
    repeat,
    refreshes: capability.refreshes ? { perExecution: capability.refreshes.per_execution, withinHours: capability.refreshes.within_hours } : null,
    storageFreeAccepted,
    outsideAction: capability.outside_action ?? null,
    effects: capability.effects
      ? {
          idempotencyArgument: capability.effects.idempotency_argument ?? null,
          outcomeLookup: capability.effects.outcome_lookup ?? null,
          escalate: capability.effects.escalate ?? false,
          dryRunArgument: capability.effects.dry_run_argument ?? null,
        }
      : null,
    cancellation: capability.cancellation ?? null,
    maxDurationSeconds: capability.max_duration_seconds ?? null,
    inputSchema: capability.input_schema ?? null,
    outputSchema: capability.output_schema ?? null,
    data: toDataDeclaration(mergeData(document.defaults?.data, capability.data)),
    plans,
    version: capability.version ?? "1.0.0",
    example: toExample(capability.example),
    offered,
    needsConfirmation,
    // Rule 12: a capability whose class the publisher has not confirmed is not listed yet.
    listed: offered && !needsConfirmation,
  };
}

/** The rules on agent-level parts; null for a part that failed the schema (not judged). */
function checkAgentParts(parts: { defaultPlans: readonly PlanInput[] | null; adapter: AgentFileInput["adapter"] | null }, errors: AgentFileError[]): void {
  if (parts.defaultPlans !== null) {
    errors.push(...duplicatePlanErrors(parts.defaultPlans.map(toPlan), ["defaults", "plans"]));
    errors.push(...planStorageErrors(parts.defaultPlans, ["defaults", "plans"]));
  }
  if (parts.adapter !== null) {
    integerTooLarge(parts.adapter.result_retention_days, ["adapter", "result_retention_days"], errors);
    integerTooLarge(parts.adapter.execution_id_retention_days, ["adapter", "execution_id_retention_days"], errors);
  }
}

function validPart<T>(schema: z.ZodType<T>, value: unknown): { ok: true; data: T } | { ok: false } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false };
}

/**
 * The cross-field rules of a document that failed the schema, so a publisher sees every error in one
 * pass: each rule runs over the parts it reads when those parts pass the schema on their own. A part
 * that fails is left to its schema errors — a rule judged on it would only restate them or guess.
 */
export function ruleErrorsOfValidParts(raw: unknown): AgentFileError[] {
  if (!isJsonObject(raw)) return [];
  const field = (key: string): JsonValue | undefined => raw[key];
  const shape = agentFileSchema.shape;
  const errors: AgentFileError[] = [];
  const mode = validPart(shape.execution_mode, field("execution_mode"));
  const adapter = validPart(shape.adapter, field("adapter"));
  // The rules read only `defaults.plans`, so a broken `defaults.data` does not keep them from it.
  const defaults = field("defaults");
  const plans = isJsonObject(defaults) ? validPart(shape.defaults.unwrap().shape.plans, defaults["plans"]) : null;
  const defaultPlans = defaults === undefined ? [] : plans?.ok ? (plans.data ?? []) : null;
  checkAgentParts({ defaultPlans, adapter: adapter.ok ? adapter.data : null }, errors);
  const capabilities = field("capabilities");
  if (!Array.isArray(capabilities)) return errors;
  const context = { mode: mode.ok ? mode.data : undefined, defaultPlans, errors, idsSeen: new Map<string, number>() };
  capabilities.forEach((item: unknown, index) => {
    const capability = validPart(capabilitySchema, item);
    if (capability.ok) checkCapability(capability.data, { ...context, index });
  });
  return errors;
}

/**
 * Applies the cross-field rules and defaults to a document that already passed the schema.
 * `raw` is the same document as plain JSON; it becomes `document`, minus the local-only fields.
 */
export function normalizeAgentFile(document: AgentFileInput, raw: JsonObject): ParseResult {
  const errors: AgentFileError[] = [];
  const idsSeen = new Map<string, number>();
  const defaultPlans = document.defaults?.plans ?? [];
  checkAgentParts({ defaultPlans, adapter: document.adapter }, errors);
  const mode = document.execution_mode;
  const capabilities = document.capabilities.map((capability, index) =>
    normalizeCapability(capability, document, checkCapability(capability, { mode, defaultPlans, index, errors, idsSeen })),
  );
  if (errors.length > 0) return { ok: false, errors };

  const { agent, adapter, terms, payment } = document;
  return {
    ok: true,
    agent: {
      ekl: document.ekl,
      mode: document.mode,
      executionMode: document.execution_mode,
      handle: agent.handle,
      displayName: agent.display_name,
      purpose: agent.purpose,
      interests: agent.interests ?? [],
      languages: agent.languages ?? [],
      logoUrl: agent.logo ?? null,
      website: agent.website ?? null,
      endpoint: adapter.endpoint,
      endpointPending: hasPlaceholder(adapter.endpoint),
      resultRetentionDays: adapter.result_retention_days ?? null,
      executionIdRetentionDays: adapter.execution_id_retention_days ?? null,
      terms: terms
        ? {
            text: terms.text ?? null,
            textSha256: typeof terms.text === "string" ? sha256Hex(terms.text) : null,
            url: terms.url ?? null,
            version: terms.version ?? null,
          }
        : null,
      payment: payment ? { link: payment.link, note: payment.note ?? null } : null,
      dataDeclared: document.data_declared ?? true,
      capabilities,
      document: stripLocalFields(raw),
    },
  };
}
