import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const DEMO_AGENTS_DIR = fileURLToPath(new URL("./agents/", import.meta.url));

/** The origin every demo endpoint is written with; the seeder rewrites it when the adapters run elsewhere. */
export const DEMO_ADAPTERS_ORIGIN = "http://127.0.0.1:4510";

const jsonObject = z.record(z.string(), z.unknown());
const plan = z.looseObject({ type: z.enum(["free", "per_call", "subscription", "pack"]) });

// A loose view of agent.json: only what the demo's own checks read. Validation proper is the seed schema's job.
const capability = z.looseObject({
  tool: z.string(),
  capability_id: z.string().optional(),
  category: z.string(),
  tags: z.array(z.string()).optional(),
  class: z.enum(["read_only", "transformation", "external_action"]),
  content_rating: z.enum(["general", "mature"]).optional(),
  mature_reasons: z.array(z.string()).optional(),
  repeat: z.enum(["return_kept", "status_only", "refresh"]).optional(),
  storage_free_accepted: z.boolean().optional(),
  outside_action: z.string().optional(),
  effects: z
    .object({
      idempotency_argument: z.string().nullable().optional(),
      outcome_lookup: z.string().nullable().optional(),
      escalate: z.boolean().optional(),
      dry_run_argument: z.string().nullable().optional(),
    })
    .optional(),
  cancellation: z.string().nullable().optional(),
  input_schema: jsonObject.optional(),
  output_schema: jsonObject.optional(),
  data: jsonObject.optional(),
  plans: z.array(plan).optional(),
  example: z.object({ input: jsonObject, expected_output: jsonObject.optional() }).loose().optional(),
  offered: z.boolean().optional(),
});

export const demoAgentFile = z.looseObject({
  execution_mode: z.enum(["storage_free", "durable"]),
  agent: z.looseObject({ handle: z.string() }),
  adapter: z.looseObject({ endpoint: z.string(), result_retention_days: z.number().optional() }),
  terms: z.looseObject({ text: z.string().nullable().optional(), url: z.string().nullable().optional() }).optional(),
  payment: z.looseObject({ link: z.string() }).optional(),
  defaults: z.looseObject({ data: jsonObject.optional(), plans: z.array(plan).optional() }).optional(),
  data_declared: z.boolean().optional(),
  capabilities: z.array(capability),
});

export type DemoAgentFile = z.infer<typeof demoAgentFile>;
export type DemoCapability = DemoAgentFile["capabilities"][number];
export type DemoAgent = { file: string; path: string; raw: unknown; agent: DemoAgentFile };

/** Every `demo/agents/*.json`, parsed as JSON and read through the loose view. */
export function loadDemoAgents(): DemoAgent[] {
  return readdirSync(DEMO_AGENTS_DIR)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => {
      const path = join(DEMO_AGENTS_DIR, file);
      const raw: unknown = JSON.parse(readFileSync(path, "utf8"));
      return { file, path, raw, agent: demoAgentFile.parse(raw) };
    });
}

/** The adapter slug of a demo endpoint (`http://127.0.0.1:4510/<slug>/mcp`), or null for a `${NAME}` placeholder. */
export function demoSlug(endpoint: string): string | null {
  const match = /^http:\/\/127\.0\.0\.1:4510\/([a-z0-9-]+)\/mcp$/.exec(endpoint);
  return match?.[1] ?? null;
}

/** Drops the `$schema` key the SDK adds, so a tool's schema can sit inside agent.json (a 2020-12 document). */
export function withoutDialect(schema: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => key !== "$schema"));
}
