import "server-only";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, ok, type ActionResult } from "@/lib/foundations/action-result";
import { asAdmin } from "./admin-check";
import { writeListings } from "@/lib/model/catalog/listing-writes";
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
      select: { id: true, capability: { select: { capabilityId: true, agent: { select: { handle: true } } } } },
    });
    if (!report) return fail("That report is no longer open.");
    const { count } = await tx.report.updateMany({ where: { id: report.id, status: "open" }, data: { status: "dismissed" } });
    if (count === 0) return fail("That report is no longer open.");
    await tx.moderationDecision.create({
      data: {
        adminEmail: admin.email,
        action: "dismiss_report",
        reportId: report.id,
        agentHandle: report.capability.agent.handle,
        capabilityId: report.capability.capabilityId,
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
    const row = await tx.capability.findFirst({
      where: { capabilityId: listing.capabilityId, agent: { handle: listing.handle } },
      select: { id: true, agentId: true, suspendedAt: true },
    });
    if (!row) return fail("That listing was not found.");
    wrote(row.agentId);
    if (row.suspendedAt) return fail("That listing is already suspended.");
    await tx.capability.update({ where: { id: row.id }, data: { suspendedAt: new Date(), suspendedReason: reason } });
    await refreshSearchLexicon(tx, [listing.handle]);
    const reports = await tx.report.findMany({ where: { capabilityId: row.id, status: "open" }, select: { id: true } });
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
    const [row] = await tx.$queryRaw<{ agentId: string }[]>`
      UPDATE "Capability" c SET "suspendedAt" = NULL, "suspendedReason" = NULL, "updatedAt" = now()
      FROM "Agent" a
      WHERE a."id" = c."agentId" AND a."handle" = ${listing.handle} AND c."capabilityId" = ${listing.capabilityId} AND c."suspendedAt" IS NOT NULL
      RETURNING c."agentId"`;
    if (!row) return fail("That listing is not suspended.");
    wrote(row.agentId);
    await refreshSearchLexicon(tx, [listing.handle]);
    await tx.moderationDecision.create({
      data: { adminEmail: admin.email, action: "reinstate_listing", agentHandle: listing.handle, capabilityId: listing.capabilityId, reason: note },
    });
    return ok();
  });
}
