import "server-only";
import { cache } from "react";
import { db } from "@/lib/foundations/db/client";
import { findListing } from "@/lib/model/catalog/queries";
import { findListingsSuspendedByModeration, findModeratedListings, type ModeratedListing } from "@/lib/model/catalog/moderated-listings";
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

function queueItem(listing: ModeratedListing, reports: QueueReport[]): QueueItem {
  return {
    handle: listing.agent.handle,
    capabilityId: listing.capabilityId,
    name: listing.name,
    contentRating: listing.contentRating,
    matureReasons: listing.matureReasons,
    suspended: listing.suspension,
    reports,
  };
}

/** Listings with open reports, oldest report first; null for anyone but an administrator. */
export async function findModerationQueue(viewer: Viewer | null): Promise<QueueItem[] | null> {
  if (!asAdmin(viewer)) return null;
  const open = await db.report.findMany({
    where: { status: "open" },
    select: { id: true, capabilityId: true, reason: true, comment: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  // Oldest first, so each listing's reports are in order and the listings in the order of their oldest.
  const reports = new Map<string, QueueReport[]>();
  for (const { capabilityId, ...report } of open) {
    const listed = reports.get(capabilityId);
    if (listed) listed.push(report);
    else reports.set(capabilityId, [report]);
  }
  const listings = await findModeratedListings([...reports.keys()]);
  return [...reports].flatMap(([rowId, listed]) => {
    const listing = listings.get(rowId);
    return listing ? [queueItem(listing, listed)] : [];
  });
}

/** Suspended listings (for reinstating); null for anyone but an administrator. */
export async function findSuspendedListings(viewer: Viewer | null): Promise<QueueItem[] | null> {
  if (!asAdmin(viewer)) return null;
  return (await findListingsSuspendedByModeration(100)).map((listing) => queueItem(listing, []));
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
