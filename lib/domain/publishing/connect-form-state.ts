// What the "Connect an MCP server" form shows; shared by the server action and the client form (no server code).
import type { ActionResult } from "@/lib/foundations/action-result";
import type { CapabilityClass } from "@/lib/model/agent-file/types";
import type { ToolsDiff } from "./diff-tools";
import type { ToComplete } from "./draft-from-tools";
import type { Suggestion } from "@/lib/domain/publishing/suggestions";

/** What the form keeps showing after an answer. Never the header's value: that is typed again for each call. */
export type ConnectFormKept = { url: string; headerName: string; compare: string };

export type ConnectedToolRow = {
  tool: string;
  capabilityId: string;
  class: CapabilityClass;
  offered: boolean;
  needsConfirmation: boolean;
  why: string;
  category: string | null;
  tags: string[];
  hasExample: boolean;
};

export type ConnectedDraft = {
  kept: ConnectFormKept;
  serverName: string;
  endpoint: string;
  /** The server had more tools than Explore reads at once. */
  truncated: boolean;
  tools: ConnectedToolRow[];
  /** Handle of the agent compared with, and what changed; null when none was chosen. */
  comparison: { handle: string; diff: ToolsDiff } | null;
  toComplete: ToComplete[];
  /** What Explore guessed (classes, outside actions, categories, tags, the execution mode): confirmed in the editor. */
  suggestions: Suggestion[];
  draftText: string;
};

export type ConnectFormResult = ActionResult<ConnectedDraft, ConnectFormKept>;
