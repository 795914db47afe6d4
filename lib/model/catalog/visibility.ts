import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { isAdultOn } from "@/lib/model/accounts/age";

// THE visibility rule is stated once, in SQL: explore_capability_visible and explore_agent_visible
// (prisma/migrations/20261201130000_visibility_rule). Every catalog read filters with the fragments below,
// which hand those functions the viewer as three facts. What is decided here is only the viewer's side:
// whether mature listings exist for them (18 or older today by their stated date of birth, UTC, with
// "Show 18+ services" on). `now` is injectable so tests can pin "today".

/** Whether mature listings exist for this viewer (their own listings aside). */
export function mayViewerSeeMature(viewer: Viewer | null, now: Date = new Date()): boolean {
  if (!viewer) return false;
  return viewer.showMature && viewer.dateOfBirth !== null && isAdultOn(viewer.dateOfBirth, now);
}

/** Whether a signed-in adult has chosen not to see mature listings (they may be told how many are hidden). */
export function isAdultWithMatureOff(viewer: Viewer | null, now: Date = new Date()): boolean {
  return viewer !== null && !viewer.showMature && viewer.dateOfBirth !== null && isAdultOn(viewer.dateOfBirth, now);
}

type ViewerFacts = { id: string | null; seesMature: boolean; isAdmin: boolean };

function factsOf(viewer: Viewer | null, now: Date): ViewerFacts {
  return { id: viewer?.id ?? null, seesMature: mayViewerSeeMature(viewer, now), isAdmin: viewer?.isAdmin === true };
}

const SIGNED_OUT: ViewerFacts = { id: null, seesMature: false, isAdmin: false };

function ident(alias: string): Prisma.Sql {
  if (!/^[a-z][a-z0-9_]*$/.test(alias)) throw new Error(`visibility: bad alias ${alias}`);
  return Prisma.raw(alias);
}

function capabilityVisible(facts: ViewerFacts, c: string, a: string): Prisma.Sql {
  const [cap, agent] = [ident(c), ident(a)];
  return Prisma.sql`explore_capability_visible(${cap}."listed", ${cap}."suspendedAt", ${cap}."contentRating", ${agent}."status", ${agent}."ownerId", ${facts.id}::text, ${facts.seesMature}, ${facts.isAdmin})`;
}

/** SQL: the capability aliased `c` (its agent joined as `a`) is a listing this viewer may see. */
export function capabilityVisibleSql(viewer: Viewer | null, now: Date = new Date(), c = "c", a = "a"): Prisma.Sql {
  return capabilityVisible(factsOf(viewer, now), c, a);
}

/** SQL: the capability is a listing a signed-out visitor may see (public: indexed, shared, cached). */
export function capabilityPublicSql(c = "c", a = "a"): Prisma.Sql {
  return capabilityVisible(SIGNED_OUT, c, a);
}

/**
 * Who else sees exactly the listings this viewer sees, so what is counted for one may be shared with all:
 * "everyone" (signed out, or signed in without 18+) or "adults" (18+ on). Null for an administrator or a
 * publisher (`ownsAgents`), whose view includes what only they see.
 */
export type Audience = "everyone" | "adults";

export function audienceOf(viewer: Viewer | null, ownsAgents: boolean, now: Date = new Date()): Audience | null {
  if (!viewer) return "everyone";
  if (viewer.isAdmin || ownsAgents) return null;
  return mayViewerSeeMature(viewer, now) ? "adults" : "everyone";
}

/** SQL: the capability is a listing this audience sees. */
export function capabilityVisibleToAudienceSql(audience: Audience, c = "c", a = "a"): Prisma.Sql {
  return capabilityVisible({ id: null, seesMature: audience === "adults", isAdmin: false }, c, a);
}

/** SQL: the agent aliased `a` has a page for this viewer. */
export function agentVisibleSql(viewer: Viewer | null, now: Date = new Date(), a = "a"): Prisma.Sql {
  const facts = factsOf(viewer, now);
  const agent = ident(a);
  return Prisma.sql`explore_agent_visible(${agent}."id", ${agent}."status", ${agent}."ownerId", ${facts.id}::text, ${facts.seesMature}, ${facts.isAdmin})`;
}

/**
 * SQL, or null: the mature listings a signed-in adult with 18+ off would see with it on — public mature
 * listings that are not their own (those they see anyway). Nobody else is ever told of them.
 */
export function hiddenMatureSql(viewer: Viewer | null, now: Date = new Date(), c = "c", a = "a"): Prisma.Sql | null {
  if (!viewer || !isAdultWithMatureOff(viewer, now)) return null;
  const withMatureOn = capabilityVisible({ id: null, seesMature: true, isAdmin: false }, c, a);
  return Prisma.sql`(${withMatureOn} AND ${ident(c)}."contentRating" = 'mature' AND ${ident(a)}."ownerId" <> ${viewer.id})`;
}
