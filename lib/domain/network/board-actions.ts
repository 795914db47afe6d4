"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail } from "@/lib/foundations/action-result";
import { asAdmin } from "@/lib/domain/moderation/admin-check";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { NUL_REFUSAL, withoutNul } from "@/lib/domain/requests/request-input";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { decideNoteReports, reportNote } from "./board";

// What people do on /board: report a note (signed in), and, for administrators, hide a reported note or dismiss
// its reports. Each decision checks the administrator itself.

const seq = z.coerce.number().int().min(1).max(2_147_483_647);

export const reportNoteAction = viewerAction(
  z.object({
    seq,
    reason: z.string().trim().min(1, "Tell us what is wrong with this note.").max(1000, "At most 1,000 characters.").refine(withoutNul, NUL_REFUSAL),
  }),
  async (viewer, input) => {
    const limit = await consume("reports", viewer.id);
    if (!limit.ok) return fail(limit.message);
    if (!(await reportNote(viewer.id, input.seq, input.reason))) return fail("That note is not on the board any more.");
    revalidatePath("/board");
    redirect(`/board?reported=${input.seq}`);
  },
  { returnTo: "/board", invalid: "Check the report." },
);

export const decideNoteAction = viewerAction(
  z.object({ seq, decision: z.enum(["hide", "dismiss"]) }),
  async (viewer, input) => {
    if (!asAdmin(viewer)) return fail("Only administrators decide on reports.");
    if (!(await decideNoteReports(input.seq, input.decision === "hide", input.decision === "hide" ? "Hidden by a moderator after a report." : null)))
      return fail("There is no such note.");
    revalidatePath("/board");
    redirect(`/board?decided=${input.seq}`);
  },
  { returnTo: "/board" },
);
