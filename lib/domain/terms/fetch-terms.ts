import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { findAgentCapabilityIds, findAgentLinksById, setAgentTermsFingerprint } from "@/lib/model/catalog/agent-links";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import type { CheckContext, CheckOutcome } from "@/lib/domain/logos/check-logo";
import { failureWords, fetchPublisherFile } from "@/lib/domain/logos/fetch-file";
import { fetchUrlProblem } from "@/lib/domain/logos/url-rule";
import { TERMS_MAX_BYTES, termsCopyOf } from "./terms-text";

// The worker's terms job: fetch the agent's terms URL, hash the bytes, keep the text, and note each new hash
// in the history. A failed re-check keeps the last good copy (and its hash on the listing) and says so.

export const TERMS_RECHECK_MS = 24 * 3600_000;

export async function fetchAgentTerms(agentId: string, ctx: CheckContext): Promise<CheckOutcome> {
  const [row, agent] = await Promise.all([db.agentTermsCheck.findUnique({ where: { agentId }, select: { url: true } }), findAgentLinksById(agentId)]);
  if (!row || !agent || agent.terms.url !== row.url) return "skipped";
  const { url } = row;
  const now = ctx.now ?? new Date();

  const problem = fetchUrlProblem(url, "terms", ctx.allowLoopbackHttp);
  if (problem) return recordFailure(agentId, url, problem, now);
  const fetched = await fetchPublisherFile(ctx.fetch, url, {
    what: "terms",
    readLimit: TERMS_MAX_BYTES,
    accept: "text/plain, text/markdown, text/html;q=0.9",
  });
  if (!fetched.ok) {
    const { reason, transient } = failureWords(fetched, "The terms are", TERMS_MAX_BYTES, TERMS_MAX_BYTES);
    if (transient && !ctx.finalAttempt) return "retry";
    return recordFailure(agentId, url, reason, now);
  }
  const copy = termsCopyOf(fetched.bytes, fetched.contentType);
  if (!copy.ok) return recordFailure(agentId, url, copy.reason, now);

  await writeListings(async (tx, wrote) => {
    wrote(agentId);
    if (!(await setAgentTermsFingerprint(tx, agentId, url, copy.sha256, now))) return { ok: false };
    await tx.agentTermsCheck.update({
      where: { agentId },
      data: { status: "passed", failure: null, checkedAt: now, text: copy.text, nextCheckAt: new Date(now.getTime() + TERMS_RECHECK_MS) },
    });
    const added = await tx.agentTermsVersion.createMany({ data: [{ agentId, url, sha256: copy.sha256, firstSeenAt: now }], skipDuplicates: true });
    if (added.count > 0) await noteTermsChange(tx, agentId, url, copy.sha256);
    return { ok: true };
  });
  return "passed";
}

/**
 * A new text behind a terms URL that had another before is a change of terms for every service of the agent:
 * it goes into their change log (lib/domain/agents/service-changes) like a change the agent.json made.
 */
async function noteTermsChange(tx: Prisma.TransactionClient, agentId: string, url: string, sha256: string): Promise<void> {
  const earlier = await tx.agentTermsVersion.count({ where: { agentId, url, NOT: { sha256 } } });
  if (earlier === 0) return;
  const [capabilities, version] = await Promise.all([
    findAgentCapabilityIds(tx, agentId),
    tx.agentVersion.findFirst({ where: { agentId }, orderBy: { number: "desc" }, select: { number: true } }),
  ]);
  const words = `Terms changed: the text at ${url} is new (SHA-256 ${sha256.slice(0, 12)}…).`;
  await tx.serviceChange.createMany({
    data: capabilities.map((c) => ({ agentId, capabilityId: c.capabilityId, kind: "terms", words, versionNumber: version?.number ?? 0 })),
  });
}

async function recordFailure(agentId: string, url: string, reason: string, now: Date): Promise<CheckOutcome> {
  // The last good text and its hash stay: the listing keeps showing what was fetched, and when.
  await db.agentTermsCheck.updateMany({
    where: { agentId, url },
    data: { status: "failed", failure: reason, checkedAt: now, nextCheckAt: new Date(now.getTime() + TERMS_RECHECK_MS) },
  });
  return "failed";
}
