import { z } from "zod";
import { CAPABILITY_CLASSES, DATA_CLASSES, OUTSIDE_ACTIONS, PLAN_TYPES, REPEAT_MODES } from "@/lib/model/agent-file/types";
import { MAX_QUERY_LENGTH } from "@/lib/domain/search/filters";

// The public API's shapes, in zod: they validate the parameters, type the responses, and are the
// source of /api/v1/openapi.json — one definition, so the document cannot drift from the code.

const slug = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "must be a lowercase slug such as `weather`");

export const SORT_BY = ["reputation", "recent", "name", "relevance", "most_run"] as const;

export const servicesQuerySchema = z
  .object({
    query: z
      .string()
      .min(1)
      .max(MAX_QUERY_LENGTH)
      .optional()
      .describe("Words to search for: full-text with typo tolerance, over name, summary, tags, category, agent and limitations."),
    capability: slug.optional().describe("Only services carrying this canonical tag (exact match), e.g. `mortgages`."),
    sort_by: z
      .enum(SORT_BY)
      .optional()
      .describe("`reputation` (default without `query`), `relevance` (default with `query`), `recent`, `name` or `most_run` (runs in 30 days)."),
    verified: z.boolean().default(false).describe("Only sample-tested services: the latest sample test passed within 7 days."),
    min_reputation: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe("Only services whose reputation (0–1) is at least this; services without a reputation yet are left out."),
    include_unreachable: z
      .boolean()
      .default(false)
      .describe("Include services whose adapter is not announced yet or failed every sample test of the last 3 days."),
    limit: z.number().int().min(1).max(100).default(50).describe("How many services to return (1–100)."),
    offset: z.number().int().min(0).max(10_000).default(0).describe("How many matching services to skip."),
    category: slug.optional().describe("Only services whose category starts with this segment, e.g. `finance`."),
    class: z.enum(CAPABILITY_CLASSES).optional().describe("Only services of this class."),
    paid: z.boolean().optional().describe("`true`: only services with a paid plan; `false`: only free ones."),
    language: z
      .string()
      .regex(/^[A-Za-z0-9-]{1,35}$/, "must be a language code such as `en`")
      .optional()
      .describe("Only agents that speak this language (as written in agent.json)."),
    region: z
      .string()
      .regex(/^[A-Z]{2}$/, "must be a two-letter region code such as `DE`")
      .optional()
      .describe("Only services that declare processing in this region."),
    inputs_not_retained: z.boolean().optional().describe("`true`: only services that declare inputs are not kept (nor journalled)."),
    not_used_for_training: z.boolean().optional().describe("`true`: only services that declare data is not used for training."),
  })
  .strict();

export type ServicesQuery = z.infer<typeof servicesQuerySchema>;

// Any JSON value. One schema for every such field, so the OpenAPI document names it once (`JsonValue`):
// it refers to itself, and a self-reference needs a name to point at.
export const jsonValueSchema = z.json();

const planSchema = z.object({
  plan_id: z.string(),
  type: z.enum(PLAN_TYPES),
  price_usd: z.string().nullable().describe("Decimal string, USD."),
  daily_limit: z.number().int().nullable(),
  extra: z.record(z.string(), jsonValueSchema).describe("Every field of the plan as the publisher wrote it."),
});

const agentRefSchema = z.object({ handle: z.string(), display_name: z.string(), url: z.string() });

export const serviceItemSchema = z.object({
  handle: z.string().describe("The agent's handle, with its @."),
  capability_id: z.string(),
  name: z.string(),
  summary: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  class: z.enum(CAPABILITY_CLASSES),
  version: z.string(),
  paid: z.boolean(),
  sample_tested: z.boolean(),
  reputation: z.number().min(0).max(1).nullable().describe("See docs/api.md: 30-day sample-test pass rate and run success share."),
  unreachable: z.boolean(),
  waiting_for_adapter: z.boolean().describe("The adapter has not announced its endpoint yet: the service cannot run."),
  free_to_try: z.boolean().describe("It has a free plan (with or without a daily limit)."),
  price_summary: z.string().describe('The plans in a few words, e.g. "Free 20/day · $12/mo".'),
  runs_30d: z.number().int(),
  agent: agentRefSchema,
  url: z.string().describe("The service's page on Explore."),
  api_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const servicesResponseSchema = z.object({
  services: z.array(serviceItemSchema),
  sort_by: z.enum(SORT_BY),
  limit: z.number().int(),
  offset: z.number().int(),
  next_offset: z.number().int().nullable().describe("The offset of the next page, or null on the last page."),
});

const retentionSchema = z.object({
  retention: z.enum(["none", "retained"]).nullable(),
  days: z.number().int().nullable(),
  journal: z.boolean().nullable(),
});

const dataSchema = z
  .object({
    declared: z.boolean().describe("false: the provider has not declared how it handles data."),
    accepted_data_classes: z.array(z.enum(DATA_CLASSES)).nullable(),
    inputs: retentionSchema.nullable(),
    results: retentionSchema.nullable(),
    execution_metadata: z.object({ retention_days: z.number().int().nullable() }).nullable(),
    downstream: retentionSchema.extend({ subprocessors: z.array(z.object({ name: z.string(), purpose: z.string(), region: z.string() })) }).nullable(),
    used_for_training: z.boolean().nullable(),
    processing_regions: z.array(z.string()).nullable(),
    deletion_on_request: z.boolean().nullable(),
    encrypted_at_rest: z.boolean().nullable(),
    dpa_url: z.string().nullable(),
  })
  .describe("Absent parts are null; with declared: false every part is null.");

export const serviceDetailSchema = serviceItemSchema.extend({
  tool: z.string(),
  limitations: z.string(),
  repeat: z.enum(REPEAT_MODES),
  refreshes: z.object({ per_execution: z.number().int(), within_hours: z.number().int() }).nullable(),
  outside_action: z.enum(OUTSIDE_ACTIONS).nullable(),
  effects: z
    .object({
      idempotency_argument: z.string().nullable(),
      outcome_lookup: z.string().nullable(),
      escalate: z.boolean(),
      dry_run_argument: z.string().nullable(),
    })
    .nullable(),
  cancellation: z.string().nullable(),
  max_duration_seconds: z.number().int().nullable(),
  input_schema: z.record(z.string(), jsonValueSchema).nullable(),
  output_schema: z.record(z.string(), jsonValueSchema).nullable(),
  example: z
    .object({
      input: z.record(z.string(), jsonValueSchema),
      problem: z.string().nullable(),
      success_criteria: z.string().nullable(),
      expected_output: z.record(z.string(), jsonValueSchema).nullable(),
    })
    .nullable(),
  data: dataSchema,
  plans: z.array(planSchema),
  payment: z.object({ link: z.string(), note: z.string().nullable() }).nullable(),
  adapter: z
    .object({
      endpoint: z.string().nullable().describe("The adapter's MCP endpoint; null while it waits to be announced."),
      tool: z.string(),
      transport: z.literal("streamable_http"),
    })
    .describe("How to call the service's adapter directly (MCP over Streamable HTTP); the provider's terms and plans apply."),
  terms: z
    .object({
      text: z.string().nullable(),
      text_sha256: z.string().nullable(),
      url: z.string().nullable(),
      url_sha256: z.string().nullable(),
      version: z.string().nullable(),
    })
    .nullable(),
});

export const agentSchema = z.object({
  handle: z.string(),
  display_name: z.string(),
  purpose: z.string(),
  interests: z.array(z.string()),
  languages: z.array(z.string()),
  website: z.string().nullable(),
  logo_url: z.string().nullable().describe("Explore's checked 256 px WebP copy of the agent's logo; null until one passes its checks."),
  url: z.string(),
  agent_json_url: z.string(),
  services: z.array(
    z.object({
      capability_id: z.string(),
      name: z.string(),
      summary: z.string(),
      class: z.enum(CAPABILITY_CLASSES),
      paid: z.boolean(),
      url: z.string(),
      api_url: z.string(),
    }),
  ),
});

export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.object({ parameter: z.string(), message: z.string() })).optional(),
});

/** The 410 for a read of a deleted agent's handle (lib/model/addresses/gone.ts): a problem that also names the handle and when it went. */
export const goneProblemSchema = problemSchema.extend({
  handle: z.string().describe("The deleted agent's handle, with its @."),
  deletedAt: z.string().describe("When its publisher deleted it (ISO 8601)."),
});

/** What an adapter sends to announce where it listens (PUT /agents/{handle}/endpoint). */
export const announcementResultSchema = z.object({
  endpoint: z.string(),
  announced_at: z.string().describe("When Explore recorded it (ISO 8601)."),
  tools: z.array(z.string()).describe("Every tool the endpoint offers, by name."),
});

// JSON-RPC 2.0 as the A2A endpoint speaks it: the request and answer shapes are the A2A SDK's (A2A 1.0 and 0.3).
const jsonRpcId = z.union([z.string(), z.number(), z.null()]);

export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: jsonRpcId.optional(),
  method: z.string().describe("`message/send` (A2A 0.3), or `SendMessage` with the header `A2A-Version: 1.0`."),
  params: z.record(z.string(), jsonValueSchema).optional().describe("The message: one data part `{ skill, arguments }` (docs/api.md)."),
});

export const jsonRpcResponseSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: jsonRpcId,
  result: jsonValueSchema.optional().describe("The finished task: completed with one artifact, failed or rejected, with its reason."),
  error: z.object({ code: z.number().int(), message: z.string(), data: jsonValueSchema.optional() }).optional(),
});

export type ServiceItem = z.infer<typeof serviceItemSchema>;
export type ServicesResponse = z.infer<typeof servicesResponseSchema>;
export type ServiceDetailDto = z.infer<typeof serviceDetailSchema>;
export type AgentDto = z.infer<typeof agentSchema>;
export type Problem = z.infer<typeof problemSchema>;

// ───────────── query strings → typed values, guided by the same schema ─────────────

type ParamType = "string" | "number" | "integer" | "boolean";

const typesCache = new WeakMap<z.ZodObject, Record<string, ParamType>>();

function paramTypes(schema: z.ZodObject): Record<string, ParamType> {
  const cached = typesCache.get(schema);
  if (cached) return cached;
  const json = z.toJSONSchema(schema, { io: "input" });
  const out: Record<string, ParamType> = {};
  const properties = json.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    const type = typeof property === "object" && property !== null && "type" in property ? property.type : undefined;
    out[name] = type === "number" || type === "integer" || type === "boolean" ? type : "string";
  }
  typesCache.set(schema, out);
  return out;
}

export type ParamError = { parameter: string; message: string };

/**
 * Parses a query string with a strict object schema: numbers and booleans are read from their
 * text (`true`/`false`/`1`/`0`), a parameter given twice or unknown is an error, and every error
 * names its parameter.
 */
export function parseQuery<S extends z.ZodObject>(schema: S, params: URLSearchParams): { ok: true; data: z.infer<S> } | { ok: false; errors: ParamError[] } {
  const types = paramTypes(schema);
  const raw: Record<string, unknown> = {};
  const errors: ParamError[] = [];
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    if (values.length > 1) {
      errors.push({ parameter: name, message: "is given more than once; give it once" });
      continue;
    }
    const value = values[0] ?? "";
    const type = types[name];
    if (type === "number" || type === "integer") raw[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    else if (type === "boolean") raw[name] = value === "true" || value === "1" ? true : value === "false" || value === "0" ? false : value;
    else raw[name] = value;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) errors.push({ parameter: key, message: "is not a parameter of this endpoint" });
        continue;
      }
      const parameter = String(issue.path[0] ?? "");
      const type = types[parameter];
      const message =
        issue.code === "invalid_type" && type
          ? `must be ${type === "boolean" ? "true or false" : type === "integer" ? "a whole number" : type === "number" ? "a number" : "text"}`
          : issue.code === "too_big"
            ? `must be at most ${String(issue.maximum)}${issue.origin === "string" ? " characters long" : ""}`
            : issue.code === "too_small"
              ? `must be at least ${String(issue.minimum)}${issue.origin === "string" ? " character long" : ""}`
              : issue.code === "invalid_value" && "values" in issue
                ? `must be one of ${issue.values.map(String).join(", ")}`
                : issue.message;
      errors.push({ parameter, message });
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, data: parsed.data };
}
