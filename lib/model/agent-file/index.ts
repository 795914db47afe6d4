// The agent-file room: validating and normalising agent.json (DESIGN.md "Rules Explore reads out of agent.json").
export { parseAgentFile, validateAgentDocument, checkAgentSchema, MAX_AGENT_FILE_BYTES } from "./parse";
export { normalizeAgentFile, stripLocalFields, hasPlaceholder } from "./normalize";
export { MAX_TAGS } from "./capability-tags";
export { agentFileSchema, capabilitySchema, dataSchema, planSchema } from "./schema";
export type { AgentFileInput, CapabilityInput, DataInput, PlanInput } from "./schema";
export { issuesToErrors, toPointer } from "./errors";
export { MAX_JSON_DEPTH, findTooDeep, findUnstorableValues } from "./json-limits";
export { formatBytes } from "@/lib/foundations/words/bytes";
export { resolveTag, suggestTags, listTags, isCanonicalTag, normalizeTagWord } from "./tags";
export type { Tag } from "./tags";
export * from "./types";
