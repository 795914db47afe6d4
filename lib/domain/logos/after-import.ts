import "server-only";
import { db } from "@/lib/foundations/db/client";
import { clearAgentTermsFingerprint, findAgentLinks, findAgentsWithUncheckedLinks } from "@/lib/model/catalog/agent-links";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { dropLogoCopies } from "./store";

// After an import committed: a logo or terms URL that is new or changed is due for the worker now; one that
// was removed stops being served. Compares the stored checks with the agent itself, so running it twice, or
// for an agent imported before this existed, does the right thing.

export async function markLogoAndTermsAfterImport(handle: string, now = new Date()): Promise<void> {
  const agent = await findAgentLinks(handle);
  if (!agent) return;
  const [logoCheck, termsCheck] = await Promise.all([
    db.agentLogo.findUnique({ where: { agentId: agent.rowId }, select: { url: true } }),
    db.agentTermsCheck.findUnique({ where: { agentId: agent.rowId }, select: { url: true } }),
  ]);
  const logoChanged = agent.logoUrl !== (logoCheck?.url ?? null);
  const termsChanged = agent.terms.url !== (termsCheck?.url ?? null);
  if (!logoChanged && !termsChanged) return;

  await writeListings(async (tx, wrote) => {
    wrote(agent.rowId);
    let changedListing = false;
    if (logoChanged && agent.logoUrl === null) {
      changedListing = await dropLogoCopies(tx, agent.rowId);
      await tx.agentLogo.deleteMany({ where: { agentId: agent.rowId } });
    } else if (logoChanged && agent.logoUrl !== null) {
      // The copy that passed before stays served until the new URL is judged.
      const fresh = { url: agent.logoUrl, status: "pending", failure: null, checkedAt: null, nextCheckAt: now } as const;
      await tx.agentLogo.upsert({ where: { agentId: agent.rowId }, create: { agentId: agent.rowId, ...fresh }, update: fresh });
    }
    if (termsChanged) {
      // A hash fingerprints one URL's text: another URL has none until it is fetched.
      if (agent.terms.urlSha256 !== null) {
        await clearAgentTermsFingerprint(tx, agent.rowId);
        changedListing = true;
      }
      if (agent.terms.url === null) await tx.agentTermsCheck.deleteMany({ where: { agentId: agent.rowId } });
      else {
        const fresh = { url: agent.terms.url, status: "pending", failure: null, checkedAt: null, text: null, nextCheckAt: now } as const;
        await tx.agentTermsCheck.upsert({ where: { agentId: agent.rowId }, create: { agentId: agent.rowId, ...fresh }, update: fresh });
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
  const agents = await findAgentsWithUncheckedLinks(limit);
  for (const agent of agents) await markLogoAndTermsAfterImport(agent.handle);
  return agents.length;
}
