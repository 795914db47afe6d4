"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail } from "@/lib/foundations/action-result";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { requestTestNow } from "./test-now";

// The publisher's "Test now"; ownership is inside requestTestNow's read and write.

const testNowInput = z.object({
  handle: z.string().regex(/^@[a-z0-9][a-z0-9-]{1,30}$/),
  capabilityId: z.string().regex(/^cap_[a-z0-9_]{2,40}$/),
});

export const testNowAction = viewerAction(
  testNowInput,
  async (viewer, input) => {
    // Per publisher, all services together; requestTestNow keeps its own once-a-minute rule per service.
    const limit = await consume("testNow", viewer.id);
    if (!limit.ok) return fail(limit.message);
    const result = await requestTestNow(viewer, input.handle, input.capabilityId);
    if (result.ok) revalidatePath("/dashboard/agents/[handle]/[capabilityId]", "page");
    return result;
  },
  { returnTo: "/dashboard", invalid: "No service was named." },
);
