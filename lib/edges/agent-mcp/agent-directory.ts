import "server-only";
import type { z } from "zod";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { findDirectoryAgents, type DirectoryQuery } from "@/lib/model/catalog/agent-directory";
import { agentPath } from "@/lib/model/addresses/paths";
import { absoluteUrl } from "@/lib/foundations/site/origin";
import type { agentOut } from "./shapes";

// The directory of agent profiles as /mcp answers it: a signed-out visitor's, or a token owner's (lib/model/catalog/agent-directory.ts).

export type AgentProfileItem = z.infer<typeof agentOut>;

export async function searchAgentProfiles(q: DirectoryQuery, viewer: Viewer | null = null): Promise<{ agents: AgentProfileItem[]; hasMore: boolean }> {
  const found = await findDirectoryAgents(viewer, q);
  return {
    agents: found.agents.map((r) => ({
      handle: r.handle,
      display_name: r.displayName,
      purpose: r.purpose,
      interests: r.interests,
      languages: r.languages,
      website: r.website,
      services: r.services,
      url: absoluteUrl(agentPath(r.handle)),
      api_url: absoluteUrl(`/api/v1/agents/${r.handle}`),
      agent_json_url: absoluteUrl(`/api/v1/agents/${r.handle}/agent.json`),
    })),
    hasMore: found.hasMore,
  };
}
