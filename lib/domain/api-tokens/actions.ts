"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { fail, ok, okMessage } from "@/lib/foundations/action-result";
import { db } from "@/lib/foundations/db/client";
import { viewerAction } from "@/lib/model/accounts/viewer-action";
import { MAX_LIVE_API_TOKENS, newApiToken } from "./tokens";

/** The most a token's 30-day cap on provider-billed per-call prices may be, in USD. */
const MAX_SPEND_CAP_USD = 10_000;
const MAX_TOKEN_AGENTS = 20;
const HANDLE = /^@[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/u;

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

// Handles typed as the person writes them: with or without @, separated by commas or spaces, any case.
const handleList = z
  .string()
  .max(2_000, "At most 2,000 characters.")
  .transform((text) => [
    ...new Set(
      text
        .split(/[\s,]+/u)
        .filter((h) => h !== "")
        .map((h) => (h.startsWith("@") ? h : `@${h}`).toLowerCase()),
    ),
  ])
  .pipe(z.array(z.string().regex(HANDLE, "Name agents by their handles, such as @unit-forge.")).max(MAX_TOKEN_AGENTS, `At most ${MAX_TOKEN_AGENTS} agents.`));

export const setApiTokenScopeAction = viewerAction(
  z.object({
    tokenId: z.string().min(1).max(40),
    paidRuns: z.literal("on").optional(),
    externalActions: z.literal("on").optional(),
    spendCapUsd: z
      .string()
      .trim()
      .regex(/^\d{1,5}(\.\d{1,2})?$/u, "A cap in dollars, such as 5 or 12.50.")
      .refine((v) => Number(v) <= MAX_SPEND_CAP_USD, `At most $${MAX_SPEND_CAP_USD.toLocaleString("en-US")}.`),
    agents: handleList,
  }),
  async (viewer, input) => {
    const { count } = await db.apiToken.updateMany({
      where: { id: input.tokenId, userId: viewer.id, revokedAt: null },
      data: { paidRuns: input.paidRuns === "on", externalActions: input.externalActions === "on", spendCapUsd: input.spendCapUsd, agentHandles: input.agents },
    });
    if (count === 0) return fail("There is no such live token of yours.");
    revalidatePath("/settings");
    return okMessage("Saved: calls made with this token follow it from now on.");
  },
  { returnTo: "/settings", invalid: "Check what the token may do." },
);
