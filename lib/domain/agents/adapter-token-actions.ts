"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail, ok, okMessage } from "@/lib/foundations/action-result";
import { db } from "@/lib/foundations/db/client";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { findOwnedAgentId } from "@/lib/model/catalog/owned-agents";
import { newAdapterToken } from "./endpoint-announcement";

// The publisher's adapter tokens (DESIGN.md rule 2): made for one agent, the plain token answered once and
// kept only as its hash, revocable. Every action finds the agent through its owner.

const handle = z.string().regex(/^@[a-z0-9][a-z0-9-]{1,30}$/, "No agent was named.");
const MAX_LIVE_TOKENS = 10;

function revalidateEndpointPage() {
  revalidatePath("/dashboard/agents/[handle]/endpoint", "page");
}

export const createAdapterTokenAction = viewerAction(
  z.object({ handle, label: z.string().trim().min(1, "Name the token (where the adapter runs, say).").max(60, "At most 60 characters.") }),
  async (viewer, input) => {
    const agent = await findOwnedAgentId(viewer.id, input.handle);
    if (!agent) return fail(`You have no agent ${input.handle}.`);
    const live = await db.adapterToken.count({ where: { agentId: agent.rowId, revokedAt: null } });
    if (live >= MAX_LIVE_TOKENS) return fail(`This agent has ${MAX_LIVE_TOKENS} live tokens: revoke one first.`);
    const { token, sha256 } = newAdapterToken();
    await db.adapterToken.create({ data: { agentId: agent.rowId, tokenSha256: sha256, label: input.label } });
    revalidateEndpointPage();
    return ok({ token }, "Copy the token now: Explore keeps only its fingerprint and cannot show it again.");
  },
  { returnTo: "/dashboard", invalid: "Check the token's name." },
);

export const revokeAdapterTokenAction = viewerAction(
  z.object({ handle, tokenId: z.string().min(1).max(40) }),
  async (viewer, input) => {
    const notYours = fail("There is no such live token of yours.");
    const agent = await findOwnedAgentId(viewer.id, input.handle);
    if (!agent) return notYours;
    const { count } = await db.adapterToken.updateMany({
      where: { id: input.tokenId, revokedAt: null, agentId: agent.rowId },
      data: { revokedAt: new Date() },
    });
    if (count === 0) return notYours;
    revalidateEndpointPage();
    return okMessage("The token was revoked: it can no longer announce an endpoint.");
  },
  { returnTo: "/dashboard", invalid: "No token was named." },
);
