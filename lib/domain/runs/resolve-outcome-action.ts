"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail, okMessage } from "@/lib/foundations/action-result";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { resolveUnknownOutcome } from "./resolve-outcome";

// The publisher's "Mark resolved" on an unknown outcome (dashboard home and an agent's analytics).

const notYours = "None of your services has an unknown outcome with this execution ID.";

export const resolveUnknownOutcomeAction = viewerAction(
  z.object({ executionId: z.uuid() }),
  async (viewer, input) => {
    const result = await resolveUnknownOutcome(viewer, input.executionId);
    if (!result.ok) return fail(result.message);
    revalidatePath("/dashboard", "layout");
    return okMessage("Marked resolved.");
  },
  { returnTo: "/dashboard", invalid: notYours },
);
