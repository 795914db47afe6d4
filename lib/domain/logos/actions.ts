"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { requestCheckAgain } from "./check-again";

// The publisher's "Check again" (logo or terms); ownership is inside requestCheckAgain's read and write.

const checkAgainInput = z.object({
  handle: z.string().regex(/^@[a-z0-9][a-z0-9-]{1,30}$/),
  kind: z.enum(["logo", "terms"]),
});

export const checkAgainAction = viewerAction(
  checkAgainInput,
  async (viewer, input) => {
    const result = await requestCheckAgain(viewer.id, input.handle, input.kind);
    if (result.ok) revalidatePath("/dashboard/agents/[handle]/logo-and-terms", "page");
    return result;
  },
  { returnTo: "/dashboard", invalid: "No agent was named." },
);
