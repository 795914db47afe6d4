"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail, okMessage } from "@/lib/foundations/action-result";
import { submittedText } from "@/lib/foundations/form-fields";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { createReport } from "./reports";
import { dismissReport, forbidden, reinstateListing, suspendListing } from "./decisions";
import { MAX_COMMENT, MAX_SUSPENSION_REASON, REPORT_REASONS } from "./reasons";

// Reports and moderation decisions; decisions.ts checks that the viewer is an administrator.

const listingRef = { handle: z.string().min(2).max(40), capabilityId: z.string().min(1).max(100) };
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .transform((s) => (s === undefined || s === "" ? null : s));

const reportInput = z
  .object({
    ...listingRef,
    reason: z.enum(REPORT_REASONS, "Choose what is wrong."),
    comment: optionalText(MAX_COMMENT),
  })
  .superRefine((report, context) => {
    if (report.reason === "other" && report.comment === null) context.addIssue({ code: "custom", path: ["comment"], message: "Tell us what is wrong." });
  });

const reportPath = (submitted: unknown) =>
  `/report/${encodeURIComponent(submittedText(submitted, "handle"))}/${encodeURIComponent(submittedText(submitted, "capabilityId"))}`;

export const reportListingAction = viewerAction(
  reportInput,
  async (viewer, input) => {
    // Counted once the report reads well, so fixing a mistake in the form costs nothing.
    const limit = await consume("reports", viewer.id);
    if (!limit.ok) return fail(limit.message);
    const result = await createReport(viewer, input);
    if (!result.ok) return result;
    revalidatePath("/admin");
    return okMessage("Thank you. An administrator will look at your report.");
  },
  { returnTo: reportPath, invalid: "Check the report." },
);

// Signed out, a decision gets the words a signed-in non-administrator gets.
const administrators = { signedOut: forbidden };

export const dismissReportAction = viewerAction(
  z.object({ reportId: z.string().min(1).max(100), note: optionalText(MAX_SUSPENSION_REASON) }),
  async (viewer, input) => {
    const result = await dismissReport(viewer, input.reportId, input.note);
    if (!result.ok) return result;
    revalidatePath("/admin");
    return okMessage("Report dismissed.");
  },
  { ...administrators, invalid: "No report was named." },
);

export const suspendListingAction = viewerAction(
  z.object({
    ...listingRef,
    reason: z
      .string("Give the publisher a reason.")
      .trim()
      .min(1, "Give the publisher a reason.")
      .max(MAX_SUSPENSION_REASON, `At most ${MAX_SUSPENSION_REASON} characters.`),
  }),
  async (viewer, input) => {
    const result = await suspendListing(viewer, input, input.reason);
    if (!result.ok) return result;
    revalidatePath("/", "layout");
    return okMessage("Listing suspended.");
  },
  { ...administrators, invalid: "Check the suspension." },
);

export const reinstateListingAction = viewerAction(
  z.object({ ...listingRef, note: optionalText(MAX_SUSPENSION_REASON) }),
  async (viewer, input) => {
    const result = await reinstateListing(viewer, input, input.note);
    if (!result.ok) return result;
    revalidatePath("/", "layout");
    return okMessage("Listing reinstated.");
  },
  { ...administrators, invalid: "No listing was named." },
);
