import "server-only";
import type { Metadata } from "next";
import { Prisma } from "@/generated/prisma/client";
import type { AgentStatus, ContentRating } from "@/generated/prisma/enums";
import type { Viewer } from "@/lib/accounts/viewer";
import { db } from "@/lib/db";
import { isAdultOn } from "@/lib/accounts/age";

// THE visibility rule (DESIGN.md "Visibility"), in one place; every read path filters with these
// wheres and the oracle below states the same rule in plain code so a property test can compare them.
//
// - Public listings (listed, not suspended, of a published agent) exist for everyone; mature ones
//   only for a signed-in viewer who is 18 or older today (by their stated date of birth, UTC) and
//   turned "Show 18+ services" on.
// - A publisher sees their own listings whatever their status or rating (unpublished, suspended
//   with its reason, mature): they wrote them, and hiding them from their author protects nobody.
// - Administrators also see unpublished and suspended listings, so they can judge reports; mature
//   ones only under the same adult rule as everyone (DESIGN.md: to anyone else they do not exist).
// - Capabilities that are not listed (offered: false, unconfirmed) are no listing at all, for anyone.
// `now` is injectable so tests can pin "today".

/** Whether mature listings exist for this viewer (their own listings aside). */
export function mayViewerSeeMature(viewer: Viewer | null, now: Date = new Date()): boolean {
  if (!viewer) return false;
  return viewer.showMature && viewer.dateOfBirth !== null && isAdultOn(viewer.dateOfBirth, now);
}

/** Whether a signed-in adult has chosen not to see mature listings (they may be told how many are hidden). */
export function isAdultWithMatureOff(viewer: Viewer | null, now: Date = new Date()): boolean {
  return (
    viewer !== null &&
    !viewer.showMature &&
    viewer.dateOfBirth !== null &&
    isAdultOn(viewer.dateOfBirth, now)
  );
}

/** Listings anyone allowed by rating may see: listed, not suspended, of a published agent. */
function publicCapabilityWhere(mature: boolean): Prisma.CapabilityWhereInput {
  return {
    listed: true,
    suspendedAt: null,
    agent: { status: "published" },
    ...(mature ? {} : { contentRating: "general" }),
  };
}

/** Capabilities whose listings exist for this viewer. */
export function capabilityVisibilityWhere(viewer: Viewer | null, now: Date = new Date()): Prisma.CapabilityWhereInput {
  const mature = mayViewerSeeMature(viewer, now);
  const open: Prisma.CapabilityWhereInput = viewer?.isAdmin
    ? { listed: true, ...(mature ? {} : { contentRating: "general" }) }
    : publicCapabilityWhere(mature);
  if (!viewer) return open;
  return { OR: [open, { listed: true, agent: { ownerId: viewer.id } }] };
}

/**
 * Agents whose pages exist for this viewer: published agents — unless every listing they have is
 * mature and the viewer may not see mature listings (the page would only say what it hides) —
 * plus the viewer's own agents, and every agent for administrators.
 */
export function agentVisibilityWhere(viewer: Viewer | null, now: Date = new Date()): Prisma.AgentWhereInput {
  const conditions: Prisma.AgentWhereInput[] = [];
  if (!viewer?.isAdmin) conditions.push({ status: "published" });
  if (!mayViewerSeeMature(viewer, now)) {
    conditions.push({
      OR: [
        { capabilities: { none: { listed: true, contentRating: "mature" } } },
        { capabilities: { some: { listed: true, contentRating: "general" } } },
      ],
    });
  }
  // No condition left means every agent; an empty object inside OR would not say that to Prisma.
  if (conditions.length === 0) return {};
  if (!viewer) return { AND: conditions };
  return { OR: [{ AND: conditions }, { ownerId: viewer.id }] };
}

/**
 * Mature listings hidden from a signed-in adult by their own 18+ setting: the ones they would see
 * with it on (their own listings aside — those they see anyway). Nobody else is told of them.
 */
export function hiddenMatureWhere(viewer: Viewer | null, now: Date = new Date()): Prisma.CapabilityWhereInput | null {
  if (!viewer || !isAdultWithMatureOff(viewer, now)) return null;
  return { ...publicCapabilityWhere(true), contentRating: "mature", agent: { status: "published", ownerId: { not: viewer.id } } };
}

/**
 * "N results hidden by your 18+ setting": how many mature listings matching `where` a signed-in
 * adult with 18+ off would see with it on; 0 for everyone else (they are never told).
 */
export async function countHiddenMature(
  viewer: Viewer | null,
  where: Prisma.CapabilityWhereInput = {},
  now: Date = new Date(),
): Promise<number> {
  const hidden = hiddenMatureWhere(viewer, now);
  if (!hidden) return 0;
  return db.capability.count({ where: { AND: [hidden, where] } });
}

/**
 * The publisher's own agents, whatever their status (unpublished and suspended included).
 * Dashboard queries only: public pages use agentVisibilityWhere.
 */
export function ownerWhere(viewer: Pick<Viewer, "id">): Prisma.AgentWhereInput {
  return { ownerId: viewer.id };
}

/** The publisher's own capabilities, listed or not, for the dashboard. */
export function ownerCapabilityWhere(viewer: Pick<Viewer, "id">): Prisma.CapabilityWhereInput {
  return { agent: ownerWhere(viewer) };
}

// ───────────── the same rule in memory (tests compare it with the database) ─────────────

export type AgentFacts = { status: AgentStatus; ownerId: string };
export type CapabilityFacts = {
  listed: boolean;
  contentRating: ContentRating;
  suspendedAt: Date | null;
  agent: AgentFacts;
};
export type AgentWithCapabilityFacts = AgentFacts & {
  capabilities: Pick<CapabilityFacts, "listed" | "contentRating">[];
};

export function isCapabilityVisible(viewer: Viewer | null, capability: CapabilityFacts, now: Date = new Date()): boolean {
  if (!capability.listed) return false;
  if (viewer && capability.agent.ownerId === viewer.id) return true;
  const rated = capability.contentRating === "general" || mayViewerSeeMature(viewer, now);
  if (viewer?.isAdmin) return rated;
  return capability.suspendedAt === null && capability.agent.status === "published" && rated;
}

export function isAgentVisible(viewer: Viewer | null, agent: AgentWithCapabilityFacts, now: Date = new Date()): boolean {
  if (viewer && agent.ownerId === viewer.id) return true;
  if (agent.status !== "published" && !viewer?.isAdmin) return false;
  if (mayViewerSeeMature(viewer, now)) return true;
  const listed = agent.capabilities.filter((c) => c.listed);
  return listed.length === 0 || listed.some((c) => c.contentRating === "general");
}

// ───────────── what restricted listing pages send ─────────────

/**
 * Metadata for a listing page someone is allowed to see: a mature listing gets `noindex` and
 * `<meta name="rating" content="adult">`; any listing that is not public (unpublished, suspended,
 * mature) gets `noindex, nofollow`. Spread it into the page's generateMetadata result.
 */
export function listingPrivacyMetadata(listing: { contentRating: ContentRating; isPublic: boolean }): Metadata {
  if (listing.contentRating === "mature") return { robots: { index: false, follow: false }, other: { rating: "adult" } };
  return listing.isPublic ? {} : { robots: { index: false, follow: false } };
}
