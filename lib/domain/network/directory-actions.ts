"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail } from "@/lib/foundations/action-result";
import { asAdmin } from "@/lib/domain/moderation/admin-check";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { NUL_REFUSAL, callerHandleSchema, withoutNul } from "@/lib/domain/requests/request-input";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { reportProfile, resolveNetworkReport } from "./reports";

// What people do with the network's reports: report a directory profile (signed in), and, for administrators,
// settle a report from the network (hiding the profile a profile report names, or dismissing it).

export const reportProfileAction = viewerAction(
  z.object({
    handle: callerHandleSchema,
    reason: z.string().trim().min(1, "Tell us what is wrong with this profile.").max(1000, "At most 1,000 characters.").refine(withoutNul, NUL_REFUSAL),
  }),
  async (viewer, input) => {
    const limit = await consume("reports", viewer.id);
    if (!limit.ok) return fail(limit.message);
    if (!(await reportProfile(viewer.id, input.handle, input.reason))) return fail("That profile is not in the directory any more.");
    redirect(`/directory?reported=${encodeURIComponent(input.handle)}`);
  },
  { returnTo: "/directory", invalid: "Check the report." },
);

export const decideNetworkReportAction = viewerAction(
  z.object({ id: z.string().min(1).max(64), decision: z.enum(["hide", "dismiss"]) }),
  async (viewer, input) => {
    const admin = asAdmin(viewer);
    if (!admin) return fail("Only administrators decide on reports.");
    if (!(await resolveNetworkReport(admin.email, input.id, input.decision === "hide"))) return fail("That report is no longer open.");
    revalidatePath("/directory");
    redirect("/admin#network-reports-heading");
  },
  { returnTo: "/admin" },
);
