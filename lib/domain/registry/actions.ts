"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { requestSyncNow } from "./sync";

// The owner's "Sync now" on the registry record; ownership is inside requestSyncNow's read and write.

export const syncRegistryNowAction = viewerAction(
  z.object({ handle: z.string().regex(/^@[a-z0-9][a-z0-9-]{1,30}$/) }),
  async (viewer, input) => {
    const result = await requestSyncNow(viewer.id, input.handle);
    if (result.ok) revalidatePath("/dashboard/agents/[handle]/registry-record", "page");
    return result;
  },
  { returnTo: "/dashboard", invalid: "No agent was named." },
);
