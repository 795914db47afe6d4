// The GA4GH AI Registry agent entry (seed 001, agent-entry.v1) in zod: the common entry core ("GA4GH AI
// Registry: Common Entry Core Specification") composed with the agent fields, closed like the JSON Schema
// (unevaluatedProperties: false), so a field the format does not define is named as a problem.
import { z } from "zod";

const nonEmpty = z.string().min(1);
const uri = z.url();
const dateTime = z.iso.datetime({ offset: true });
const date = z.iso.date();

export const TRUST_TIERS = ["untrusted", "probationary", "registered", "controlled", "clinical"] as const;
export const CERTIFICATION_TIERS = ["platform_verified", "community_signed", "unsigned"] as const;
export const SAFETY_SCHEMES = ["ga4gh-gase", "ga4gh-agent-runtime-risk"] as const;
export const CLASSIFICATION_SOURCES = ["submitter-attested", "maintainer-verified", "synced-from-endpoint"] as const;
export const AGENT_CATEGORIES = [
  "variant-interpretation",
  "literature-curation",
  "clinical-decision-support",
  "data-access-governance",
  "research-assistant",
  "workflow-orchestration",
  "regulatory-compliance",
  "other",
] as const;

const uniqueStrings = z.array(z.string()).refine((items) => new Set(items).size === items.length, { message: "must not list the same value twice" });

export const maintainerSchema = z.strictObject({
  name: nonEmpty,
  github: z.string().regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/, { message: "must be a GitHub user name without a leading @" }),
  affiliation: z.string().optional(),
  orcid: z
    .string()
    .regex(/^\d{4}-\d{4}-\d{4}-\d{3}[0-9X]$/, { message: "must be an ORCID iD such as 0000-0002-1825-0097" })
    .optional(),
});

export const safetyClassificationSchema = z.strictObject({
  scheme: z.enum(SAFETY_SCHEMES),
  level: nonEmpty,
  certifying_body: z.string().optional(),
  evaluation_date: date.optional(),
  valid_until: date.optional(),
  evidence_uri: uri.optional(),
  source: z.enum(CLASSIFICATION_SOURCES),
});

export const recordSchema = z.strictObject({
  created: dateTime,
  updated: dateTime,
  last_verified: dateTime,
  source_issue: z.int().min(1).optional(),
});

export const enrichmentSchema = z.strictObject({
  trust_score: z.int().min(0).max(1000).optional(),
  trust_tier: z.enum(TRUST_TIERS).optional(),
  gasl_level: z.int().min(0).max(4),
  last_audit_date: date.optional(),
  dependency_count: z.int().min(0).optional(),
  guardrail_coverage: z.number().min(0).max(1).optional(),
});

/** agent_info_snapshot: the live endpoint's registry-relevant fields, under its own names. */
export const agentInfoSnapshotSchema = z.strictObject({
  protocol_version: z.string(),
  agent_type: z.string(),
  trust_level: z.string(),
  auo_capabilities: z.array(z.string()).optional(),
  guardrails_enabled: z.array(z.string()).optional(),
  delegation_support: z
    .strictObject({
      max_depth: z.int().min(0).optional(),
      attenuated_minting: z.boolean().optional(),
      supported_credential_types: z.array(z.string()).optional(),
    })
    .optional(),
  dependencies: z.strictObject({ agents: z.array(z.string()).optional(), tools: z.array(z.string()).optional() }).optional(),
  trace_endpoint: uri.optional(),
  audit_retention_days: z.int().min(0).optional(),
  last_synced: dateTime.optional(),
  enrichment: enrichmentSchema,
});
export type AgentInfoSnapshot = z.infer<typeof agentInfoSnapshotSchema>;

/** The common entry core, as an agent entry carries it. */
export const entryCoreShape = {
  id: z
    .string()
    .min(2)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9-]*$/, { message: "must be lowercase letters, digits and hyphens, starting with a letter or digit" }),
  type: z.literal("agent"),
  name: z.string().min(1).max(200),
  summary: z.string().min(1).max(200),
  description: nonEmpty,
  homepage: uri,
  repository: uri,
  license: nonEmpty,
  license_url: uri.optional(),
  maintainers: z.array(maintainerSchema).min(1),
  version: nonEmpty,
  keywords: uniqueStrings,
  category: nonEmpty,
  ga4gh_standards: uniqueStrings.optional(),
  safety_classification: z.array(safetyClassificationSchema),
  certification_tier: z.enum(CERTIFICATION_TIERS),
  record: recordSchema,
};

export const agentEntrySchema = z
  .strictObject({
    ...entryCoreShape,
    agent_info_uri: uri,
    alignment_card_uri: uri.optional(),
    agent_info_snapshot: agentInfoSnapshotSchema,
  })
  .superRefine((entry, context) => {
    if (entry.license === "other" && entry.license_url === undefined) {
      context.addIssue({ code: "custom", path: ["license_url"], message: 'is required when license is "other"' });
    }
  });
export type AgentEntry = z.infer<typeof agentEntrySchema>;

/** The entry core minus what the agent.json or the registry record holds elsewhere: kept for the export. */
export type EntryCore = Omit<AgentEntry, "agent_info_uri" | "agent_info_snapshot">;

/** The words for the 0–4 gasl level, as a risk label (the agent runtime's own scale, shown verbatim beside it). */
export const GASL_RISK_WORDS: Record<number, string> = {
  0: "minimal risk",
  1: "low risk",
  2: "moderate risk",
  3: "high risk",
  4: "critical risk",
};
