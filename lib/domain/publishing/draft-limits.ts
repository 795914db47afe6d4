import type { DraftSource } from "@/generated/prisma/enums";
// The drafts' limits and words, shared by the actions and the editor (no server code here).
import { formatBytes } from "@/lib/foundations/words/bytes";
import { MAX_AGENT_FILE_BYTES } from "@/lib/domain/publishing/import-form-state";

export const MAX_DRAFT_BYTES = MAX_AGENT_FILE_BYTES;
/** Drafts per publisher: enough for any real work, and no more rows than a page lists. */
export const MAX_DRAFTS_PER_OWNER = 50;

export const TOO_MANY_DRAFTS = `You have ${MAX_DRAFTS_PER_OWNER} drafts, the most Explore keeps; delete one you no longer need first.`;

export function draftTooLarge(bytes: number): string {
  return `The draft is ${formatBytes(bytes)}; an agent.json may be at most ${MAX_DRAFT_BYTES / 1024} KB.`;
}

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** What a new, blank draft starts from: null where only the publisher can say, so the check names each one. */
export const BLANK_DRAFT_TEXT = `${JSON.stringify(
  {
    ekl: "1.0",
    mode: "service_provider",
    execution_mode: "storage_free",
    agent: { handle: null, display_name: null, purpose: null },
    adapter: { endpoint: null },
    defaults: { data: { inputs: { retention: null }, results: { retention: null }, used_for_training: null } },
    capabilities: [{ tool: null, name: null, summary: null, category: null, limitations: null, class: null }],
  },
  null,
  2,
)}\n`;

export const sourceWords: Record<DraftSource, string> = {
  blank: "New agent",
  agent: "Edit of your agent",
  connect: "From Connect an MCP server",
  import: "From an import",
  a2a_card: "From an A2A agent card",
  ga4gh_entry: "From a GA4GH registry entry",
  a2awire: "From an A2AWire registration",
};
