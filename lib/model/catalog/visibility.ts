import "server-only";
import { Prisma } from "@/generated/prisma/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { isAdultOn } from "@/lib/model/accounts/age";

// THE visibility rule is stated once, in SQL: explore_capability_visible and explore_agent_visible
// (prisma/migrations/20261201130000_visibility_rule). Every catalog read filters with the fragments below,
// which hand those functions the viewer as three facts and a listing's columns: inside the catalog, from the
// capability `c` and its agent `a`; outside it, from one row of catalog_listings (views.ts), which carries its
// agent's columns. What is decided here is only the viewer's side: whether mature listings exist for them (18
// or older today by their stated date of birth, UTC, with "Show 18+ services" on). `now` is injectable so tests
// can pin "today".

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

/**
 * A listing's columns as the rule's function takes them: the capability `c`'s own, then its agent's status and
 * owner — of the agent joined as `a`, or, with `a` null, of the row of catalog_listings `c` itself.
 */
function listingColumns(c: string, a: string | null): Prisma.Sql {
  const cap = ident(c);
  const agent = a === null ? Prisma.sql`${cap}."agentStatus", ${cap}."agentOwnerId"` : Prisma.sql`${ident(a)}."status", ${ident(a)}."ownerId"`;
  return Prisma.sql`${cap}."listed", ${cap}."suspendedAt", ${cap}."contentRating", ${agent}`;
}

function capabilityVisible(facts: ViewerFacts, columns: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`explore_capability_visible(${columns}, ${facts.id}::text, ${facts.seesMature}, ${facts.isAdmin})`;
}

/** SQL: the capability aliased `c` (its agent joined as `a`) is a listing this viewer may see. */
export function capabilityVisibleSql(viewer: Viewer | null, now: Date = new Date(), c = "c", a = "a"): Prisma.Sql {
  return capabilityVisible(factsOf(viewer, now), listingColumns(c, a));
}

/** SQL: the row of catalog_listings aliased `l` is a listing this viewer may see. */
export function listingVisibleSql(viewer: Viewer | null, now: Date = new Date(), l = "c"): Prisma.Sql {
  return capabilityVisible(factsOf(viewer, now), listingColumns(l, null));
}

/** SQL: the capability is a listing a signed-out visitor may see (public: indexed, shared, cached). */
export function capabilityPublicSql(c = "c", a = "a"): Prisma.Sql {
  return capabilityVisible(SIGNED_OUT, listingColumns(c, a));
}

/** SQL: the row of catalog_listings aliased `l` is a listing a signed-out visitor may see. */
export function listingPublicSql(l = "c"): Prisma.Sql {
  return capabilityVisible(SIGNED_OUT, listingColumns(l, null));
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

/** SQL: the row of catalog_listings aliased `l` is a listing this audience sees. */
export function listingVisibleToAudienceSql(audience: Audience, l = "c"): Prisma.Sql {
  return capabilityVisible({ id: null, seesMature: audience === "adults", isAdmin: false }, listingColumns(l, null));
}

/** SQL: the agent aliased `a` ("Agent" or catalog_agents, which name these columns alike) has a page for this viewer. */
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
  const withMatureOn = capabilityVisible({ id: null, seesMature: true, isAdmin: false }, listingColumns(c, a));
  return Prisma.sql`(${withMatureOn} AND ${ident(c)}."contentRating" = 'mature' AND ${ident(a)}."ownerId" <> ${viewer.id})`;
}
