import "server-only";
import { db } from "@/lib/foundations/db/client";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { dropLogoCopies } from "./store";

// After an import committed: a logo or terms URL that is new or changed is due for the worker now; one that
// was removed stops being served. Compares the stored checks with the agent itself, so running it twice, or
// for an agent imported before this existed, does the right thing.

export async function markLogoAndTermsAfterImport(handle: string, now = new Date()): Promise<void> {
  const agent = await db.agent.findUnique({
    where: { handle },
    select: { id: true, logoUrl: true, termsUrl: true, termsUrlSha256: true, logoCheck: { select: { url: true } }, termsCheck: { select: { url: true } } },
  });
  if (!agent) return;
  const logoChanged = agent.logoUrl !== (agent.logoCheck?.url ?? null);
  const termsChanged = agent.termsUrl !== (agent.termsCheck?.url ?? null);
  if (!logoChanged && !termsChanged) return;

  await writeListings(async (tx, wrote) => {
    wrote(agent.id);
    let changedListing = false;
    if (logoChanged && agent.logoUrl === null) {
      changedListing = await dropLogoCopies(tx, agent.id);
      await tx.agentLogo.deleteMany({ where: { agentId: agent.id } });
    } else if (logoChanged && agent.logoUrl !== null) {
      // The copy that passed before stays served until the new URL is judged.
      const fresh = { url: agent.logoUrl, status: "pending", failure: null, checkedAt: null, nextCheckAt: now } as const;
      await tx.agentLogo.upsert({ where: { agentId: agent.id }, create: { agentId: agent.id, ...fresh }, update: fresh });
    }
    if (termsChanged) {
      // A hash fingerprints one URL's text: another URL has none until it is fetched.
      if (agent.termsUrlSha256 !== null) {
        await tx.agent.update({ where: { id: agent.id }, data: { termsUrlSha256: null, termsFetchedAt: null } });
        changedListing = true;
      }
      if (agent.termsUrl === null) await tx.agentTermsCheck.deleteMany({ where: { agentId: agent.id } });
      else {
        const fresh = { url: agent.termsUrl, status: "pending", failure: null, checkedAt: null, text: null, nextCheckAt: now } as const;
        await tx.agentTermsCheck.upsert({ where: { agentId: agent.id }, create: { agentId: agent.id, ...fresh }, update: fresh });
      }
    }
    return { ok: changedListing };
  });
}

/**
 * Agents whose logo or terms URL has no check yet (imported before checks existed, or a trigger that failed
 * after its import committed): given their checks now. The worker runs it every few minutes.
 */
export async function markUncheckedAgents(limit = 100): Promise<number> {
  const agents = await db.agent.findMany({
    where: {
      OR: [
        { logoUrl: { not: null }, logoCheck: { is: null } },
        { termsUrl: { not: null }, termsCheck: { is: null } },
      ],
    },
    select: { handle: true },
    take: limit,
  });
  for (const agent of agents) await markLogoAndTermsAfterImport(agent.handle);
  return agents.length;
}
