import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { AgentStatus, ContentRating } from "@/generated/prisma/enums";
import type { Viewer } from "@/lib/accounts/viewer";

// THE visibility rule (DESIGN.md "Visibility"). Every public read path filters with these wheres;
// the oracle below states the same rule in plain code so tests can check that the two agree.

/** Whether mature listings exist for this viewer. */
export function mayViewerSeeMature(viewer: Viewer | null): boolean {
  // Nobody sees mature listings until the 18+ gating issue lands; it widens this one function to
  // signed-in viewers who are 18 or older today and turned "Show 18+ services" on.
  void viewer;
  return false;
}

/** Agents whose public pages exist for this viewer. */
export function agentVisibilityWhere(viewer: Viewer | null): Prisma.AgentWhereInput {
  void viewer;
  return { status: "published" };
}

/** Capabilities whose listings exist for this viewer: listed, of a visible agent, and a rating they may see. */
export function capabilityVisibilityWhere(viewer: Viewer | null): Prisma.CapabilityWhereInput {
  return {
    listed: true,
    agent: agentVisibilityWhere(viewer),
    ...(mayViewerSeeMature(viewer) ? {} : { contentRating: "general" }),
  };
}

/**
 * The publisher's own agents, whatever their status (unpublished and suspended included).
 * Dashboard queries only: public pages never use it.
 */
export function ownerWhere(viewer: Pick<Viewer, "id">): Prisma.AgentWhereInput {
  return { ownerId: viewer.id };
}

/** The publisher's own capabilities, listed or not, for the dashboard. */
export function ownerCapabilityWhere(viewer: Pick<Viewer, "id">): Prisma.CapabilityWhereInput {
  return { agent: ownerWhere(viewer) };
}

// ───────────── the same rule in memory (tests compare it with the database) ─────────────

export type AgentFacts = { status: AgentStatus };
export type CapabilityFacts = { listed: boolean; contentRating: ContentRating; agent: AgentFacts };

export function isAgentVisible(viewer: Viewer | null, agent: AgentFacts): boolean {
  void viewer;
  return agent.status === "published";
}

export function isCapabilityVisible(viewer: Viewer | null, capability: CapabilityFacts): boolean {
  return (
    capability.listed &&
    isAgentVisible(viewer, capability.agent) &&
    (capability.contentRating === "general" || mayViewerSeeMature(viewer))
  );
}
