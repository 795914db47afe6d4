import "server-only";
import { db } from "@/lib/foundations/db/client";
import { findListing } from "@/lib/model/catalog/queries";
import type { ReportReason } from "@/generated/prisma/enums";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, ok, type ActionResult } from "@/lib/foundations/action-result";

// Reports by signed-in users. You can only report a listing that exists for you (visibility rule).

export type ReportableListing = { id: string; name: string; capabilityId: string; agent: { handle: string; displayName: string } };

export async function findReportableListing(viewer: Viewer, handle: string, capabilityId: string): Promise<ReportableListing | null> {
  const listing = await findListing(viewer, handle, capabilityId);
  return listing
    ? {
        id: listing.rowId,
        name: listing.name,
        capabilityId: listing.capabilityId,
        agent: { handle: listing.agent.handle, displayName: listing.agent.displayName },
      }
    : null;
}

export type ReportInput = { handle: string; capabilityId: string; reason: ReportReason; comment: string | null };

export async function createReport(viewer: Viewer, input: ReportInput): Promise<ActionResult> {
  const listing = await findReportableListing(viewer, input.handle, input.capabilityId);
  if (!listing) return fail("That service was not found.");
  // One open report per person and listing: a second one updates the first.
  const open = await db.report.findFirst({
    where: { capabilityId: listing.id, reporterId: viewer.id, status: "open" },
    select: { id: true },
  });
  if (open) {
    await db.report.updateMany({
      where: { id: open.id, reporterId: viewer.id, status: "open" },
      data: { reason: input.reason, comment: input.comment },
    });
  } else {
    await db.report.create({ data: { capabilityId: listing.id, reporterId: viewer.id, reason: input.reason, comment: input.comment } });
  }
  return ok();
}
