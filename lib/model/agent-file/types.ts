// The normalised agent: what Explore keeps of an agent.json once it is valid.
// Defaults are resolved (DESIGN.md rules 3-4), local-only fields are gone, `${NAME}` values are kept.

export const CAPABILITY_CLASSES = ["read_only", "transformation", "external_action"] as const;
export const MATURE_REASONS = ["alcohol", "tobacco", "cannabis", "gambling", "dating"] as const;
export const PLAN_TYPES = ["free", "per_call", "subscription", "pack"] as const;
export const REPEAT_MODES = ["return_kept", "status_only", "refresh"] as const;
export const OUTSIDE_ACTIONS = ["send_messages", "schedule", "records", "submit", "purchase"] as const;
export const DATA_CLASSES = ["public", "internal", "confidential", "personal", "special_category"] as const;

export type CapabilityClass = (typeof CAPABILITY_CLASSES)[number];
export type MatureReason = (typeof MATURE_REASONS)[number];
export type PlanType = (typeof PLAN_TYPES)[number];
export type RepeatMode = (typeof REPEAT_MODES)[number];
export type OutsideAction = (typeof OUTSIDE_ACTIONS)[number];
export type DataClass = (typeof DATA_CLASSES)[number];
export type ContentRating = "general" | "mature";
export type ExecutionMode = "storage_free" | "durable";
export type AgentMode = "service_provider" | "active_participant";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** One validation problem: a JSON Pointer ("" is the document root) and a plain sentence. */
export type AgentFileError = { path: string; message: string };

export type Retention = { retention: "none" | "retained" | null; days: number | null };

/** The data declaration after `defaults.data` was applied key by key. Absent parts are null. */
export type DataDeclaration = {
  acceptedDataClasses: DataClass[] | null;
  inputs: (Retention & { journal: boolean | null }) | null;
  results: (Retention & { journal: boolean | null }) | null;
  executionMetadata: { retentionDays: number | null } | null;
  downstream:
    | (Retention & {
        journal: boolean | null;
        subprocessors: { name: string; purpose: string; region: string }[];
      })
    | null;
  usedForTraining: boolean | null;
  processingRegions: string[] | null;
  deletionOnRequest: boolean | null;
  encryptedAtRest: boolean | null;
  dpaUrl: string | null;
};

/** A plan with `plan_id` resolved; `extra` holds any further fields as written (prices, limits…). */
export type Plan = {
  planId: string;
  type: PlanType;
  extra: JsonObject;
};

export type Example = {
  input: JsonObject;
  problem: string | null;
  successCriteria: string | null;
  expectedOutput: JsonObject | null;
  origin: "schema" | "found" | "publisher";
  helpers: string[];
};

export type Effects = {
  idempotencyArgument: string | null;
  outcomeLookup: string | null;
  escalate: boolean;
  dryRunArgument: string | null;
};

export type NormalizedCapability = {
  capabilityId: string;
  tool: string;
  name: string;
  summary: string;
  category: string;
  /** Canonical tag slugs, the category's tag first, no duplicates. */
  tags: string[];
  contentRating: ContentRating;
  matureReasons: MatureReason[];
  limitations: string;
  class: CapabilityClass;
  repeat: RepeatMode;
  refreshes: { perExecution: number; withinHours: number } | null;
  storageFreeAccepted: boolean;
  outsideAction: OutsideAction | null;
  effects: Effects | null;
  cancellation: string | null;
  maxDurationSeconds: number | null;
  inputSchema: JsonObject | null;
  outputSchema: JsonObject | null;
  data: DataDeclaration;
  /** Never empty: no plan at all resolves to one free plan without a stated limit. */
  plans: Plan[];
  version: string;
  example: Example | null;
  offered: boolean;
  needsConfirmation: boolean;
  /** offered and not waiting for confirmation (DESIGN.md rule 12). */
  listed: boolean;
};

export type NormalizedAgent = {
  ekl: "1.0";
  mode: AgentMode;
  executionMode: ExecutionMode;
  handle: string;
  displayName: string;
  purpose: string;
  interests: string[];
  languages: string[];
  logoUrl: string | null;
  website: string | null;
  endpoint: string;
  /** The endpoint is still a `${NAME}` placeholder: listed as waiting for its adapter, not runnable. */
  endpointPending: boolean;
  resultRetentionDays: number | null;
  executionIdRetentionDays: number | null;
  terms: { text: string | null; textSha256: string | null; url: string | null; version: string | null } | null;
  payment: { link: string; note: string | null } | null;
  dataDeclared: boolean;
  capabilities: NormalizedCapability[];
  /** The document as published: the input minus local-only fields (adapter.path, adapter.storage,
   *  upstream, network, terms.text_file). Used for export; never contains anything else. */
  document: JsonObject;
};

export type ParseResult = { ok: true; agent: NormalizedAgent } | { ok: false; errors: AgentFileError[] };
