import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/foundations/db/client";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { isAdminEmail } from "@/lib/model/accounts/admins";
import { sha256Hex } from "@/lib/foundations/sha256";

// Personal API tokens: a person makes one in /settings for an agent of theirs that runs services through
// Explore's gateway (/mcp/agents/@handle, run_service on /mcp) or its A2A endpoints. Like adapter tokens, the plain token is shown once and only its SHA-256 is kept;
// a call made with it runs as its owner, with their limits, data rules and 18+ setting.

const TOKEN_PREFIX = "ept_";
export const MAX_LIVE_API_TOKENS = 10;

/** A new token: the plain text to show once, and the hash to keep. */
export function newApiToken(): { token: string; sha256: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, sha256: sha256Hex(token) };
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)$/iu.exec(authorization?.trim() ?? "");
  return match?.[1] ?? null;
}

/** What a live token lets an agent do as its owner (lib/edges/agent-mcp/gateway/token-scope.ts reads it). */
export type TokenGrant = { tokenId: string; paidRuns: boolean; spendCapUsd: string; agentHandles: string[]; externalActions: boolean };

/** The person a live token belongs to and what it allows (its use is recorded), or null for a missing, unknown or revoked one. */
export async function grantOfApiToken(token: string | null, now = new Date()): Promise<{ viewer: Viewer; grant: TokenGrant } | null> {
  if (!token?.startsWith(TOKEN_PREFIX)) return null;
  const held = await db.apiToken.findFirst({
    where: { tokenSha256: sha256Hex(token), revokedAt: null },
    select: {
      id: true,
      paidRuns: true,
      spendCapUsd: true,
      agentHandles: true,
      externalActions: true,
      user: { select: { id: true, email: true, name: true, dateOfBirth: true, showMature: true } },
    },
  });
  if (!held) return null;
  // "Last used" to the minute: a token calling many times a second writes once a minute, not on every call.
  await db.apiToken.updateMany({
    where: { id: held.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - 60_000) } }] },
    data: { lastUsedAt: now },
  });
  return {
    viewer: { ...held.user, isAdmin: isAdminEmail(held.user.email) },
    grant: {
      tokenId: held.id,
      paidRuns: held.paidRuns,
      spendCapUsd: held.spendCapUsd.toFixed(2),
      agentHandles: held.agentHandles,
      externalActions: held.externalActions,
    },
  };
}

export type ApiTokenView = {
  id: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  paidRuns: boolean;
  spendCapUsd: string;
  agentHandles: string[];
  externalActions: boolean;
};

/** A person's tokens, live ones first, newest first. Never the hash. */
export async function listApiTokens(userId: string): Promise<ApiTokenView[]> {
  const rows = await db.apiToken.findMany({
    where: { userId },
    select: {
      id: true,
      label: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
      paidRuns: true,
      spendCapUsd: true,
      agentHandles: true,
      externalActions: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  const views = rows.map((t) => ({ ...t, spendCapUsd: t.spendCapUsd.toFixed(2) }));
  return [...views.filter((t) => t.revokedAt === null), ...views.filter((t) => t.revokedAt !== null)];
}
