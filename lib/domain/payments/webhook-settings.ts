"use server";

import { revalidatePath } from "next/cache";
import { fail, okMessage } from "@/lib/foundations/action-result";
import { db } from "@/lib/foundations/db/client";
import { sealSecret } from "@/lib/foundations/secrets";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { findOwnedAgentHeader } from "@/lib/model/catalog/owned-agents";
import { signingSecretInput, stopVerifyingInput } from "./webhook-input";

// The publisher's Stripe settings: set or replace an agent's signing secret, or stop verifying. The secret is
// sealed for the agent's row before it is written and never read back, logged or answered.

function notYours(handle: string) {
  return fail(`You have no agent ${handle}.`);
}

function revalidatePayments() {
  revalidatePath("/dashboard/agents/[handle]/payments", "page");
}

export const saveSigningSecretAction = viewerAction(
  signingSecretInput,
  async (viewer, input) => {
    const replaced = await db.$transaction(async (tx) => {
      const agent = await findOwnedAgentHeader(viewer.id, input.handle, tx);
      if (!agent) return null;
      const existing = await tx.stripeWebhook.findUnique({ where: { agentId: agent.rowId }, select: { agentId: true } });
      const secretCiphertext = sealSecret(input.secret, agent.rowId);
      // A new secret starts a new record of failures: the old secret's ones say nothing about this one.
      const fresh = { secretCiphertext, createdAt: new Date(), signatureFailures: 0, lastFailureAt: null };
      await tx.stripeWebhook.upsert({ where: { agentId: agent.rowId }, create: { agentId: agent.rowId, ...fresh }, update: fresh });
      return existing !== null;
    });
    if (replaced === null) return notYours(input.handle);
    revalidatePayments();
    return okMessage(
      replaced
        ? "The signing secret was replaced. Explore verifies this agent's Stripe events with the new one."
        : "The signing secret was saved. Explore now verifies this agent's Stripe events.",
    );
  },
  { returnTo: "/dashboard", invalid: "Check the signing secret." },
);

export const stopVerifyingAction = viewerAction(
  stopVerifyingInput,
  async (viewer, input) => {
    const owned = await findOwnedAgentHeader(viewer.id, input.handle);
    if (!owned) return notYours(input.handle);
    // Events and entitlements stay: what was bought stays bought.
    const { count } = await db.stripeWebhook.deleteMany({ where: { agentId: owned.rowId } });
    revalidatePayments();
    return okMessage(
      count === 0
        ? "Explore was not verifying this agent's payments."
        : "Explore no longer verifies this agent's payments with Stripe: the provider enforces its paid plans again.",
    );
  },
  { returnTo: "/dashboard", invalid: "Confirm that Explore should stop verifying this agent's payments." },
);
