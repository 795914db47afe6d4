"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail, fieldErrorsOf, ok, okMessage } from "@/lib/foundations/action-result";
import { db } from "@/lib/foundations/db/client";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { newRequestSchema, requestIdSchema, type AskedText } from "./request-input";
import { answerRequest, castVote, createRequest } from "./requests";

// Capability requests on the web: ask, vote (one vote per account), and a publisher's answer with a listing.

function revalidateRequests() {
  revalidatePath("/requests", "layout");
  revalidatePath("/dashboard");
}

export const askForCapabilityAction = viewerAction(
  newRequestSchema.extend({
    // A comma-separated field on the form; a list through the API of this action.
    tags: z.preprocess(
      (v) =>
        typeof v === "string"
          ? v
              .split(",")
              .map((t) => t.trim())
              .filter((t) => t.length > 0)
          : v,
      newRequestSchema.shape.tags,
    ),
  }),
  async (viewer, input) => {
    const limit = await consume("capabilityRequests", viewer.id);
    if (!limit.ok) return fail(limit.message);
    const id = await db.$transaction((tx) => createRequest(input, { userId: viewer.id }, tx));
    revalidateRequests();
    return ok({ id }, "Asked. Your vote is counted; publishers whose services carry these tags see it on their dashboard.");
  },
  {
    returnTo: "/requests#ask",
    // What was typed comes back with the refusal, so the form shows it again even when it was posted without
    // JavaScript (or before the page hydrated), where no client state kept it.
    invalid: (error, submitted) => fail("Check the highlighted fields: nothing was asked.", fieldErrorsOf(error), askedText(submitted)),
  },
);

/** The ask form's three fields as they were posted (text only; anything else is dropped). */
function askedText(submitted: unknown): AskedText {
  const field = (name: string) => {
    const value = typeof submitted === "object" && submitted !== null ? Reflect.get(submitted, name) : undefined;
    return typeof value === "string" ? value.slice(0, 2_000) : "";
  };
  return { title: field("title"), description: field("description"), tags: field("tags") };
}

export const voteOnRequestAction = viewerAction(
  z.object({ requestId: requestIdSchema, withdraw: z.enum(["0", "1"]).default("0") }),
  async (viewer, input) => {
    const limit = await consume("capabilityRequests", viewer.id);
    if (!limit.ok) return fail(limit.message);
    const result = await db.$transaction((tx) => castVote(input.requestId, { userId: viewer.id }, input.withdraw === "1", tx));
    if (!result.ok) return fail(result.message);
    revalidateRequests();
    return ok({ votes: result.votes, voted: result.voted }, result.voted ? "Your vote is counted." : "Your vote is withdrawn.");
  },
  { returnTo: "/requests" },
);

export const answerRequestAction = viewerAction(
  z.object({
    requestId: requestIdSchema,
    // "@handle/cap_id" from the publisher's list of their own services.
    service: z.string().regex(/^@[a-z0-9][a-z0-9-]{1,30}\/[A-Za-z0-9_.-]{1,64}$/, "Choose one of your services."),
  }),
  async (viewer, input) => {
    const [handle, capabilityId] = input.service.split("/") as [string, string];
    const result = await answerRequest(viewer, input.requestId, handle, capabilityId);
    if (!result.ok) return fail(result.message);
    revalidateRequests();
    return okMessage("Answered: the request is marked available and links your service.");
  },
  { returnTo: "/dashboard" },
);
