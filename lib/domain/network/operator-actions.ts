"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { okMessage } from "@/lib/foundations/action-result";
import { NUL_REFUSAL, withoutNul } from "@/lib/domain/requests/request-input";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { MAX_ANSWER, answerRequest, closeRequest } from "./operator-inbox";

// What administrators do in /admin/requests: answer a request, close it. operator-inbox.ts checks the
// administrator itself on each call.

const requestId = z.string().min(1).max(64);
const administrators = { signedOut: { ok: false as const, message: "Only administrators answer requests." } };

export const answerRequestAction = viewerAction(
  z.object({
    id: requestId,
    answer: z
      .string()
      .trim()
      .min(1, "Write the answer.")
      .max(MAX_ANSWER, `At most ${MAX_ANSWER.toLocaleString("en")} characters.`)
      .refine(withoutNul, NUL_REFUSAL),
  }),
  async (viewer, input) => {
    const result = await answerRequest(viewer, input.id, input.answer);
    if (!result.ok) return result;
    revalidatePath("/admin/requests", "layout");
    return okMessage("Answered: the agent reads it with read_request.");
  },
  { ...administrators, invalid: "Check the answer." },
);

export const closeRequestAction = viewerAction(
  z.object({ id: requestId }),
  async (viewer, input) => {
    const result = await closeRequest(viewer, input.id);
    if (!result.ok) return result;
    revalidatePath("/admin/requests", "layout");
    return okMessage("Closed.");
  },
  { ...administrators, invalid: "No request was named." },
);
