"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getViewer, requireViewer } from "@/lib/accounts/viewer";
import { consume } from "@/lib/rate-limits/rate-limit";
import { createReport } from "./reports";
import { dismissReport, reinstateListing, suspendListing } from "./decisions";
import { MAX_COMMENT, MAX_SUSPENSION_REASON, REPORT_REASONS } from "./reasons";

// Reports and moderation decisions. Each: who is asking → parse → (decisions.ts checks admin) → act → revalidate → result.

export type ModerationResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: { reason?: string[]; comment?: string[] } };

const listingRef = { handle: z.string().min(2).max(40), capabilityId: z.string().min(1).max(100) };
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .transform((s) => (s === "" ? null : s));

const reportInput = z.object({
  ...listingRef,
  reason: z.enum(REPORT_REASONS, "Choose what is wrong."),
  comment: optionalText(MAX_COMMENT),
});

export async function reportListingAction(_previous: ModerationResult, form: FormData): Promise<ModerationResult> {
  const handle = String(form.get("handle") ?? "");
  const capabilityId = String(form.get("capabilityId") ?? "");
  const viewer = await requireViewer(`/report/${encodeURIComponent(handle)}/${encodeURIComponent(capabilityId)}`);
  const input = reportInput.safeParse({ handle, capabilityId, reason: form.get("reason") ?? "", comment: form.get("comment") ?? "" });
  if (!input.success) {
    const errors = z.flattenError(input.error).fieldErrors;
    return { ok: false, message: "Check the report.", fieldErrors: { reason: errors.reason, comment: errors.comment } };
  }
  if (input.data.reason === "other" && input.data.comment === null) {
    return { ok: false, message: "Check the report.", fieldErrors: { comment: ["Tell us what is wrong."] } };
  }
  // Counted once the report reads well, so fixing a mistake in the form costs nothing.
  const limit = await consume("reports", viewer.id);
  if (!limit.ok) return { ok: false, message: limit.message };
  const result = await createReport(viewer, input.data);
  if (!result.ok) return result;
  revalidatePath("/admin");
  return { ok: true, message: "Thank you. An administrator will look at your report." };
}

const dismissInput = z.object({ reportId: z.string().min(1).max(100), note: optionalText(MAX_SUSPENSION_REASON) });

export async function dismissReportAction(_previous: ModerationResult, form: FormData): Promise<ModerationResult> {
  const viewer = await getViewer();
  const input = dismissInput.safeParse({ reportId: form.get("reportId") ?? "", note: form.get("note") ?? "" });
  if (!input.success) return { ok: false, message: "No report was named." };
  const result = await dismissReport(viewer, input.data.reportId, input.data.note);
  if (!result.ok) return result;
  revalidatePath("/admin");
  return { ok: true, message: "Report dismissed." };
}

const suspendInput = z.object({
  ...listingRef,
  reason: z.string().trim().min(1, "Give the publisher a reason.").max(MAX_SUSPENSION_REASON, `At most ${MAX_SUSPENSION_REASON} characters.`),
});

export async function suspendListingAction(_previous: ModerationResult, form: FormData): Promise<ModerationResult> {
  const viewer = await getViewer();
  const input = suspendInput.safeParse({ handle: form.get("handle") ?? "", capabilityId: form.get("capabilityId") ?? "", reason: form.get("reason") ?? "" });
  if (!input.success) {
    return { ok: false, message: "Check the suspension.", fieldErrors: { reason: z.flattenError(input.error).fieldErrors.reason } };
  }
  const result = await suspendListing(viewer, input.data, input.data.reason);
  if (!result.ok) return result;
  revalidatePath("/", "layout");
  return { ok: true, message: "Listing suspended." };
}

const reinstateInput = z.object({ ...listingRef, note: optionalText(MAX_SUSPENSION_REASON) });

export async function reinstateListingAction(_previous: ModerationResult, form: FormData): Promise<ModerationResult> {
  const viewer = await getViewer();
  const input = reinstateInput.safeParse({ handle: form.get("handle") ?? "", capabilityId: form.get("capabilityId") ?? "", note: form.get("note") ?? "" });
  if (!input.success) return { ok: false, message: "No listing was named." };
  const result = await reinstateListing(viewer, input.data, input.data.note);
  if (!result.ok) return result;
  revalidatePath("/", "layout");
  return { ok: true, message: "Listing reinstated." };
}
