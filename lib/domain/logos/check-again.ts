import "server-only";
import { db } from "@/lib/foundations/db/client";
import { fail, okMessage, type ActionResult } from "@/lib/foundations/action-result";
import { findOwnedAgentLinks } from "@/lib/model/catalog/agent-links";
import { markLogoAndTermsAfterImport } from "./after-import";

// "Check again" on the publisher's Logo and terms page: the check is due at once, at most once a minute per
// agent and kind (one conditional write, so two clicks or two tabs cannot both get through).

export const CHECK_AGAIN_INTERVAL_MS = 60_000;

export type CheckKind = "logo" | "terms";

export async function requestCheckAgain(viewerId: string, handle: string, kind: CheckKind, now = new Date()): Promise<ActionResult> {
  const agent = await findOwnedAgentLinks(viewerId, handle);
  if (!agent) return fail(`No agent ${handle} of yours was found.`);
  // An agent imported before checks existed (or whose trigger was lost) gets its check rows first.
  await markLogoAndTermsAfterImport(handle, now);
  const since = new Date(now.getTime() - CHECK_AGAIN_INTERVAL_MS);
  const due = { requestedAt: now, nextCheckAt: now, status: "pending" } as const;
  const recent = { OR: [{ requestedAt: null }, { requestedAt: { lte: since } }] };
  if (kind === "logo") {
    if (agent.logoUrl === null) return fail("This agent's agent.json names no logo; add agent.logo and import it again.");
    const { count } = await db.agentLogo.updateMany({ where: { agentId: agent.rowId, url: agent.logoUrl, ...recent }, data: due });
    if (count === 0) return fail("A check was asked for less than a minute ago. Try again in a minute.");
    return okMessage("Logo check queued: the result appears here within a minute. Reload the page to see it.");
  }
  if (agent.terms.url === null) return fail("This agent's agent.json names no terms URL; add terms.url and import it again.");
  const { count } = await db.agentTermsCheck.updateMany({ where: { agentId: agent.rowId, url: agent.terms.url, ...recent }, data: due });
  if (count === 0) return fail("A fetch was asked for less than a minute ago. Try again in a minute.");
  return okMessage("Terms fetch queued: the result appears here within a minute. Reload the page to see it.");
}
