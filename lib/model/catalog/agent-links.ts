import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import type { CatalogAgent, CatalogCapability, CatalogTerms } from "./read-model";

// An agent's logo and terms links as the catalog keeps them: the URLs the agent.json names, and what Explore
// made of them — the hash of the logo copy it serves, the fingerprint of the terms text it fetched. The checks
// themselves (lib/domain/logos, lib/domain/terms) are theirs; each write here sits inside their listing write
// (writeListings), as it changes what the listing shows.

type Tx = Prisma.TransactionClient;

export type AgentLinks = Pick<CatalogAgent, "rowId" | "handle" | "displayName" | "status" | "logoUrl" | "logoSha256"> & {
  terms: Pick<CatalogTerms, "url" | "urlSha256" | "fetchedAt">;
};

const linksSelect = {
  id: true,
  handle: true,
  displayName: true,
  status: true,
  logoUrl: true,
  logoSha256: true,
  termsUrl: true,
  termsUrlSha256: true,
  termsFetchedAt: true,
} satisfies Prisma.AgentSelect;

function linksOf(row: Prisma.AgentGetPayload<{ select: typeof linksSelect }> | null): AgentLinks | null {
  if (!row) return null;
  const { id, termsUrl, termsUrlSha256, termsFetchedAt, ...agent } = row;
  return { rowId: id, ...agent, terms: { url: termsUrl, urlSha256: termsUrlSha256, fetchedAt: termsFetchedAt } };
}

/** The agent's links, whoever asks (the worker, an import that committed). */
export async function findAgentLinks(handle: string): Promise<AgentLinks | null> {
  return linksOf(await db.agent.findUnique({ where: { handle }, select: linksSelect }));
}

/** The agent's links by its row id (a check's job names the agent so). */
export async function findAgentLinksById(rowId: string): Promise<AgentLinks | null> {
  return linksOf(await db.agent.findUnique({ where: { id: rowId }, select: linksSelect }));
}

/** The links of the publisher's own agent: null when `ownerId` does not publish it (ownership is the where). */
export async function findOwnedAgentLinks(ownerId: string, handle: string): Promise<AgentLinks | null> {
  return linksOf(await db.agent.findFirst({ where: { handle, ownerId }, select: linksSelect }));
}

/**
 * Agents naming a logo or terms URL that has no check yet (imported before checks existed, or whose check was
 * lost after its import committed), at most `limit`.
 */
export async function findAgentsWithUncheckedLinks(limit: number): Promise<Pick<CatalogAgent, "handle">[]> {
  return db.agent.findMany({
    where: {
      OR: [
        { logoUrl: { not: null }, logoCheck: { is: null } },
        { termsUrl: { not: null }, termsCheck: { is: null } },
      ],
    },
    select: { handle: true },
    take: limit,
  });
}

/** Serves the logo copy with this hash, only while the agent still names `logoUrl` (an import in between wins). False when it does not. */
export async function setAgentLogoHash(tx: Tx, agentId: string, logoUrl: string, sha256: string): Promise<boolean> {
  const { count } = await tx.agent.updateMany({ where: { id: agentId, logoUrl }, data: { logoSha256: sha256 } });
  return count > 0;
}

/** Serves no logo copy: the pages show the monogram. True when one was served. */
export async function clearAgentLogoHash(tx: Tx, agentId: string): Promise<boolean> {
  const { count } = await tx.agent.updateMany({ where: { id: agentId, logoSha256: { not: null } }, data: { logoSha256: null } });
  return count > 0;
}

/** The fetched terms' fingerprint, only while the agent still names `termsUrl` (an import in between wins). False when it does not. */
export async function setAgentTermsFingerprint(tx: Tx, agentId: string, termsUrl: string, sha256: string, fetchedAt: Date): Promise<boolean> {
  const { count } = await tx.agent.updateMany({ where: { id: agentId, termsUrl }, data: { termsUrlSha256: sha256, termsFetchedAt: fetchedAt } });
  return count > 0;
}

/** Forgets the terms' fingerprint: it fingerprinted another URL's text. */
export async function clearAgentTermsFingerprint(tx: Tx, agentId: string): Promise<void> {
  await tx.agent.update({ where: { id: agentId }, data: { termsUrlSha256: null, termsFetchedAt: null } });
}

/** The capability ids of the agent's listings, in the caller's transaction. */
export async function findAgentCapabilityIds(tx: Tx, agentId: string): Promise<Pick<CatalogCapability, "capabilityId">[]> {
  return tx.capability.findMany({ where: { agentId }, select: { capabilityId: true } });
}
