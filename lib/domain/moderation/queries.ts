import "server-only";
import { cache } from "react";
import { db } from "@/lib/foundations/db/client";
import { findListing } from "@/lib/model/catalog/queries";
import type { Prisma } from "@/generated/prisma/client";
import type { ContentRating, ReportReason } from "@/generated/prisma/enums";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { asAdmin } from "./admin-check";

// Moderation reads: the queue and the log (administrators only, checked here), and a suspended
// listing's notice (its publisher and administrators only).

export type QueueReport = { id: string; reason: ReportReason; comment: string | null; createdAt: Date };
export type QueueItem = {
  handle: string;
  capabilityId: string;
  name: string;
  contentRating: ContentRating;
  matureReasons: string[];
  suspended: { at: Date; reason: string | null } | null;
  reports: QueueReport[];
};
export type LoggedDecision = {
  id: string;
  adminEmail: string;
  action: string;
  agentHandle: string | null;
  capabilityId: string | null;
  reason: string | null;
  createdAt: Date;
};

const listingSelect = {
  capabilityId: true,
  name: true,
  contentRating: true,
  matureReasons: true,
  suspendedAt: true,
  suspendedReason: true,
  agent: { select: { handle: true } },
} satisfies Prisma.CapabilitySelect;

function queueItem(r: Prisma.CapabilityGetPayload<{ select: typeof listingSelect }>, reports: QueueReport[]): QueueItem {
  return {
    handle: r.agent.handle,
    capabilityId: r.capabilityId,
    name: r.name,
    contentRating: r.contentRating,
    matureReasons: r.matureReasons,
    suspended: r.suspendedAt ? { at: r.suspendedAt, reason: r.suspendedReason } : null,
    reports,
  };
}

/** Listings with open reports, oldest report first; null for anyone but an administrator. */
export async function findModerationQueue(viewer: Viewer | null): Promise<QueueItem[] | null> {
  if (!asAdmin(viewer)) return null;
  const rows = await db.capability.findMany({
    where: { reports: { some: { status: "open" } } },
    select: {
      ...listingSelect,
      reports: {
        where: { status: "open" },
        select: { id: true, reason: true, comment: true, createdAt: true },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  return rows.map((r) => queueItem(r, r.reports)).sort((a, b) => (a.reports[0]?.createdAt.getTime() ?? 0) - (b.reports[0]?.createdAt.getTime() ?? 0));
}

/** Suspended listings (for reinstating); null for anyone but an administrator. */
export async function findSuspendedListings(viewer: Viewer | null): Promise<QueueItem[] | null> {
  if (!asAdmin(viewer)) return null;
  const rows = await db.capability.findMany({
    where: { suspendedAt: { not: null } },
    select: listingSelect,
    orderBy: { suspendedAt: "desc" },
    take: 100,
  });
  return rows.map((r) => queueItem(r, []));
}

/** The latest decisions, newest first; null for anyone but an administrator. */
export async function findDecisionLog(viewer: Viewer | null, take = 50): Promise<LoggedDecision[] | null> {
  if (!asAdmin(viewer)) return null;
  return db.moderationDecision.findMany({ orderBy: { createdAt: "desc" }, take });
}

/** A suspended listing's reason, for its publisher and administrators; null for everyone else or when not suspended. */
export const findSuspensionNotice = cache(
  async (viewer: Viewer | null, handle: string, capabilityId: string): Promise<{ reason: string | null; at: Date } | null> => {
    if (!viewer) return null;
    // The page's own read of the listing (once per request); only its publisher and administrators are told.
    const listing = await findListing(viewer, handle, capabilityId);
    if (!listing?.suspension || !(viewer.isAdmin || listing.agent.ownerId === viewer.id)) return null;
    return listing.suspension;
  },
);
