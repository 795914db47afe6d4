"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { fail, type ActionResult } from "@/lib/foundations/action-result";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { setAgentPublished, setServiceOffered, type Published } from "./publishing";
import { deleteAgent } from "./delete-agent";
import { revalidateListings } from "./revalidate-listings";

// The dashboard's writes to an agent already on Explore; ownership is inside each write. Bringing one in
// (import, connect) is lib/domain/publishing/entry-actions.ts.

const publishInput = z.object({ handle: z.string().min(2).max(40) });

export const publishAgentAction = viewerAction(
  publishInput,
  async (viewer, input) => {
    const result = await setAgentPublished(viewer, input.handle, true);
    if (result.ok) revalidateListings();
    return result;
  },
  { returnTo: "/dashboard", invalid: "No agent was named." },
);

/** What the Unpublish button answers until the publisher confirms: nothing has changed yet. */
export type UnpublishRefusal = { confirm: true };

// Unpublishing takes pages away from everyone at once, so it is asked twice: the first post answers with
// the question (no JavaScript needed), the second carries confirm=yes.
export const unpublishAgentAction = viewerAction(
  publishInput.extend({ confirm: z.literal("yes").optional() }),
  async (viewer, input): Promise<ActionResult<Published, UnpublishRefusal>> => {
    if (input.confirm !== "yes") {
      return fail<UnpublishRefusal>(`Unpublish ${input.handle}? Its pages leave Explore for everyone else at once; you can publish it again.`, undefined, {
        confirm: true,
      });
    }
    const result = await setAgentPublished(viewer, input.handle, false);
    if (result.ok) revalidateListings();
    return result;
  },
  { returnTo: "/dashboard", invalid: "No agent was named." },
);

// One service on or off Explore (its agent.json's `offered`), for an agent of the viewer's.
export const setServiceOfferedAction = viewerAction(
  publishInput.extend({ capabilityId: z.string().min(1).max(60), offered: z.enum(["1", "0"]) }),
  async (viewer, input) => {
    const result = await setServiceOffered(viewer, input.handle, input.capabilityId, input.offered === "1");
    if (result.ok) revalidateListings();
    return result;
  },
  { returnTo: "/dashboard", invalid: "No service was named." },
);

// Deleting takes the agent away for good, so the publisher types its handle to confirm (checked in deleteAgent).
export const deleteAgentAction = viewerAction(
  publishInput.extend({ confirmation: z.string().max(80).default("") }),
  async (viewer, input) => {
    const result = await deleteAgent(viewer, input.handle, input.confirmation);
    if (!result.ok) return result;
    revalidateListings();
    // Its pages are gone, this one too: the dashboard says what happened (with or without JavaScript).
    redirect(`/dashboard?deleted=${encodeURIComponent(input.handle)}`);
  },
  { returnTo: "/dashboard", invalid: "No agent was named." },
);
