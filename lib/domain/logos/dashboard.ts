import "server-only";
import { db } from "@/lib/foundations/db/client";
import { findOwnedAgentLinks } from "@/lib/model/catalog/agent-links";
import type { AgentStatus, FetchCheckStatus } from "@/generated/prisma/enums";

// The publisher's "Logo and terms" page: ownership is the where.

export type LogoStatus = {
  url: string | null;
  status: FetchCheckStatus | null;
  failure: string | null;
  checkedAt: Date | null;
  /** The copy served now (maybe from an earlier URL while a new one is checked). */
  served: { sha256: string; url: string | null; at: Date | null } | null;
};

export type TermsStatus = {
  url: string | null;
  status: FetchCheckStatus | null;
  failure: string | null;
  checkedAt: Date | null;
  /** The last good copy: its hash and fetch time are what the listing shows. */
  good: { sha256: string; fetchedAt: Date | null; firstLines: string } | null;
};

export type LogoAndTerms = { handle: string; displayName: string; status: AgentStatus; logo: LogoStatus; terms: TermsStatus };

const FIRST_LINES = 8;

export async function findLogoAndTerms(viewerId: string, handle: string): Promise<LogoAndTerms | null> {
  const agent = await findOwnedAgentLinks(viewerId, handle);
  if (!agent) return null;
  const [logoCheck, termsCheck] = await Promise.all([
    db.agentLogo.findUnique({ where: { agentId: agent.rowId }, select: { status: true, failure: true, checkedAt: true, servedUrl: true, servedAt: true } }),
    db.agentTermsCheck.findUnique({ where: { agentId: agent.rowId }, select: { status: true, failure: true, checkedAt: true, text: true } }),
  ]);
  const lines = (termsCheck?.text ?? "").split("\n").filter((line) => line.trim() !== "");
  return {
    handle: agent.handle,
    displayName: agent.displayName,
    status: agent.status,
    logo: {
      url: agent.logoUrl,
      status: logoCheck?.status ?? null,
      failure: logoCheck?.failure ?? null,
      checkedAt: logoCheck?.checkedAt ?? null,
      served: agent.logoSha256 ? { sha256: agent.logoSha256, url: logoCheck?.servedUrl ?? null, at: logoCheck?.servedAt ?? null } : null,
    },
    terms: {
      url: agent.terms.url,
      status: termsCheck?.status ?? null,
      failure: termsCheck?.failure ?? null,
      checkedAt: termsCheck?.checkedAt ?? null,
      good: agent.terms.urlSha256
        ? { sha256: agent.terms.urlSha256, fetchedAt: agent.terms.fetchedAt, firstLines: lines.slice(0, FIRST_LINES).join("\n") }
        : null,
    },
  };
}
