// A GA4GH registry agent entry → an agent.json draft. The entry describes an agent for a registry (who
// maintains it, its licence, its live agent-info endpoint); it says nothing of an MCP adapter, of services
// with their class, limitations and data handling, so those are left null for the publisher to complete.
// The agent_info_snapshot is not agent.json's to hold: it travels beside the draft (registryPartsOf) and
// becomes the agent's registry record when the draft is published.
import type { ForeignConversion, ToComplete } from "@/lib/domain/formats/foreign";
import { problemsOf } from "@/lib/domain/formats/problems";
import { agentEntrySchema, type AgentEntry, type AgentInfoSnapshot, type EntryCore } from "./entry-schema";

const VERSION = /^\d+\.\d+\.\d+$/;
const MAX_HANDLE_CHARS = 31;

/** What the registry record keeps of an entry: the endpoint, its snapshot and the entry core. */
export type RegistryParts = { agentInfoUri: string; snapshot: AgentInfoSnapshot; entryCore: EntryCore };

function handleOf(id: string): string {
  const cut = id.slice(0, MAX_HANDLE_CHARS).replace(/-+$/, "");
  return `@${cut.length >= 2 ? cut : `${cut}-agent`}`;
}

/** "read-clinvar" → "read_clinvar": an MCP tool name. */
function toolOf(word: string): string {
  const tool = word
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return tool === "" ? "tool" : tool.slice(0, 64);
}

function capabilityOf(entry: AgentEntry, auo: string | null): Record<string, unknown> {
  return {
    tool: auo === null ? null : toolOf(auo),
    name: auo,
    summary: null,
    category: null,
    limitations: null,
    class: null,
    ...(VERSION.test(entry.version) ? { version: entry.version } : {}),
  };
}

function completions(entry: AgentEntry, capabilities: number, named: boolean): ToComplete[] {
  const list: ToComplete[] = [
    { path: "adapter.endpoint", why: "A registry entry names the agent's agent-info endpoint, not the MCP adapter Explore calls." },
    { path: "defaults.data", why: "A registry entry says nothing of how inputs and results are kept or used." },
  ];
  for (let i = 0; i < capabilities; i += 1) {
    const at = `capabilities[${i}]`;
    if (!named) {
      list.push({ path: `${at}.tool`, why: "The entry declares no capabilities; name the MCP tool of one service." });
      list.push({ path: `${at}.name`, why: "The service's name, as people will read it." });
    }
    list.push({ path: `${at}.summary`, why: "One or two sentences (10 to 300 characters) on what this service does." });
    list.push({ path: `${at}.category`, why: `Explore's category for the service (the registry's "${entry.category}" is not one).` });
    list.push({ path: `${at}.limitations`, why: "What the service does not do: a registry entry does not say." });
    list.push({ path: `${at}.class`, why: "read_only, transformation or external_action: a registry entry does not say." });
  }
  return list;
}

function notesOf(entry: AgentEntry, handle: string): string[] {
  const notes = [
    `The handle ${handle} was made from the entry's id "${entry.id}"; change it if you like before publishing.`,
    `The registry's agent_info_snapshot (from ${entry.agent_info_uri}) is kept beside the draft: once published, the agent's page shows it as a registry record, re-synced daily.`,
    `Kept with the registry record, not in agent.json: the licence (${entry.license}), ${entry.maintainers.length === 1 ? "the maintainer" : `${entry.maintainers.length} maintainers`}, the repository, the certification tier (${entry.certification_tier}) and the safety classification.`,
  ];
  if (entry.description.trim() !== entry.summary.trim()) {
    notes.push("agent.purpose is the entry's summary; its longer description stays with the registry record.");
  }
  if (!VERSION.test(entry.version)) notes.push(`The entry's version "${entry.version}" is not of the form 1.0.0, so the services carry none.`);
  const auo = entry.agent_info_snapshot.auo_capabilities ?? [];
  if (auo.length > 0) notes.push(`Each of the ${auo.length} capabilities the agent declares (auo_capabilities) became a service to complete.`);
  return notes;
}

export function ga4ghEntryToAgentFile(document: unknown): ForeignConversion {
  const parsed = agentEntrySchema.safeParse(document);
  if (!parsed.success) return { ok: false, format: "ga4gh_entry", problems: problemsOf(parsed.error, document) };
  const entry = parsed.data;
  const handle = handleOf(entry.id);
  const auo = [...new Set(entry.agent_info_snapshot.auo_capabilities ?? [])];
  const capabilities = auo.length > 0 ? auo.map((a) => capabilityOf(entry, a)) : [capabilityOf(entry, null)];
  const agentFile = {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: {
      handle,
      display_name: entry.name,
      purpose: entry.summary,
      ...(entry.keywords.length > 0 ? { interests: entry.keywords } : {}),
      website: entry.homepage,
    },
    adapter: { endpoint: null },
    defaults: { data: { inputs: { retention: null }, results: { retention: null }, used_for_training: null } },
    capabilities,
  };
  return { ok: true, format: "ga4gh_entry", agentFile, toComplete: completions(entry, capabilities.length, auo.length > 0), notes: notesOf(entry, handle) };
}

/** The registry record's parts of a valid entry; null when the entry is not valid. */
export function registryPartsOf(document: unknown): RegistryParts | null {
  const parsed = agentEntrySchema.safeParse(document);
  if (!parsed.success) return null;
  const { agent_info_uri: agentInfoUri, agent_info_snapshot: snapshot, ...entryCore } = parsed.data;
  return { agentInfoUri, snapshot, entryCore };
}
