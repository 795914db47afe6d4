import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, ok, type ActionResult } from "@/lib/foundations/action-result";
import { asAdmin } from "./admin-check";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { findListingToSuspend, findModeratedListings, reinstateCapability, suspendCapability } from "@/lib/model/catalog/moderated-listings";
import { refreshSearchLexicon } from "@/lib/domain/search/lexicon";

// Administrators' decisions. Each checks the viewer is an administrator, acts in one transaction
// and writes its ModerationDecision row in that same transaction: no decision goes unlogged.

/** What a non-administrator (or a signed-out visitor) is told. */
export const forbidden = fail("Only administrators can do that.");

export async function dismissReport(viewer: Viewer | null, reportId: string, note: string | null): Promise<ActionResult> {
  const admin = asAdmin(viewer);
  if (!admin) return forbidden;
  return db.$transaction(async (tx) => {
    const report = await tx.report.findFirst({
      where: { id: reportId, status: "open" },
      select: { id: true, capabilityId: true },
    });
    if (!report) return fail("That report is no longer open.");
    const listing = (await findModeratedListings([report.capabilityId], tx)).get(report.capabilityId);
    if (!listing) return fail("That report is no longer open.");
    const { count } = await tx.report.updateMany({ where: { id: report.id, status: "open" }, data: { status: "dismissed" } });
    if (count === 0) return fail("That report is no longer open.");
    await tx.moderationDecision.create({
      data: {
        adminEmail: admin.email,
        action: "dismiss_report",
        reportId: report.id,
        agentHandle: listing.agent.handle,
        capabilityId: listing.capabilityId,
        reason: note,
      },
    });
    return ok();
  });
}

export type ListingRef = { handle: string; capabilityId: string };

/** Suspends a listing with a reason; its open reports are marked actioned. */
export async function suspendListing(viewer: Viewer | null, listing: ListingRef, reason: string): Promise<ActionResult> {
  const admin = asAdmin(viewer);
  if (!admin) return forbidden;
  return writeListings(async (tx, wrote): Promise<ActionResult> => {
    const row = await findListingToSuspend(tx, listing.handle, listing.capabilityId);
    if (!row) return fail("That listing was not found.");
    wrote(row.agent.rowId);
    if (row.suspension) return fail("That listing is already suspended.");
    await suspendCapability(tx, row.rowId, reason);
    await refreshSearchLexicon(tx, [listing.handle]);
    const reports = await tx.report.findMany({ where: { capabilityId: row.rowId, status: "open" }, select: { id: true } });
    await tx.report.updateMany({ where: { id: { in: reports.map((r) => r.id) } }, data: { status: "actioned" } });
    await tx.moderationDecision.create({
      data: { adminEmail: admin.email, action: "suspend_listing", agentHandle: listing.handle, capabilityId: listing.capabilityId, reason },
    });
    return ok();
  });
}

/** Lifts a suspension. */
export async function reinstateListing(viewer: Viewer | null, listing: ListingRef, note: string | null): Promise<ActionResult> {
  const admin = asAdmin(viewer);
  if (!admin) return forbidden;
  return writeListings(async (tx, wrote): Promise<ActionResult> => {
    const agent = await reinstateCapability(tx, listing.handle, listing.capabilityId);
    if (!agent) return fail("That listing is not suspended.");
    wrote(agent.rowId);
    await refreshSearchLexicon(tx, [listing.handle]);
    await tx.moderationDecision.create({
      data: { adminEmail: admin.email, action: "reinstate_listing", agentHandle: listing.handle, capabilityId: listing.capabilityId, reason: note },
    });
    return ok();
  });
}
