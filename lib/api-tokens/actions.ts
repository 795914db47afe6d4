"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail, ok, okMessage } from "@/lib/action-result";
import { db } from "@/lib/db";
import { viewerAction } from "@/lib/viewer-action";
import { MAX_LIVE_API_TOKENS, newApiToken } from "./tokens";

// The person's API tokens for the A2A endpoint: made for themselves, the plain token answered once, kept as
// its hash, revocable. Every write's where names the owner.

export const createApiTokenAction = viewerAction(
  z.object({ label: z.string().trim().min(1, "Name the token (the agent that will use it, say).").max(60, "At most 60 characters.") }),
  async (viewer, input) => {
    // Counted and written under one lock per person, so two quick submissions cannot pass the limit together.
    const made = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`api-tokens:${viewer.id}`}, 0))`;
      const live = await tx.apiToken.count({ where: { userId: viewer.id, revokedAt: null } });
      if (live >= MAX_LIVE_API_TOKENS) return null;
      const { token, sha256 } = newApiToken();
      await tx.apiToken.create({ data: { userId: viewer.id, tokenSha256: sha256, label: input.label } });
      return token;
    });
    if (made === null) return fail(`You have ${MAX_LIVE_API_TOKENS} live tokens: revoke one first.`);
    revalidatePath("/settings");
    return ok({ token: made }, "Copy the token now: Explore keeps only its fingerprint and cannot show it again.");
  },
  { returnTo: "/settings", invalid: "Check the token's name." },
);

export const revokeApiTokenAction = viewerAction(
  z.object({ tokenId: z.string().min(1).max(40) }),
  async (viewer, input) => {
    const { count } = await db.apiToken.updateMany({ where: { id: input.tokenId, userId: viewer.id, revokedAt: null }, data: { revokedAt: new Date() } });
    if (count === 0) return fail("There is no such live token of yours.");
    revalidatePath("/settings");
    return okMessage("The token was revoked: calls made with it are refused from now on.");
  },
  { returnTo: "/settings", invalid: "No token was named." },
);
