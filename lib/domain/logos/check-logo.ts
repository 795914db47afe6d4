import "server-only";
import { db } from "@/lib/foundations/db/client";
import { findAgentLinksById, setAgentLogoHash } from "@/lib/model/catalog/agent-links";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { failureWords, fetchPublisherFile } from "./fetch-file";
import { judgeLogo, LOGO_MAX_BYTES } from "./judge";
import { dropLogoCopies, putLogoCopies } from "./store";
import { fetchUrlProblem } from "./url-rule";

// The worker's logo job: fetch the agent's logo URL through the guarded fetch, judge the bytes, and either
// serve Explore's copies or keep the reason for the publisher. Runs again safely: it reads the URL fresh.

/** Read this much of a body, so a logo over the limit can be told its size. */
export const LOGO_READ_LIMIT = 1024 * 1024;

export type CheckContext = {
  fetch: typeof fetch;
  /** Plain http to loopback hosts (demo and tests only). */
  allowLoopbackHttp: boolean;
  /** The queue's last attempt: a transient failure is recorded instead of retried. */
  finalAttempt: boolean;
  now?: Date;
};

/** "retry": a transient failure with attempts left (the job should fail so the queue retries it). */
export type CheckOutcome = "passed" | "failed" | "retry" | "skipped";

export async function checkAgentLogo(agentId: string, ctx: CheckContext): Promise<CheckOutcome> {
  const [row, agent] = await Promise.all([
    db.agentLogo.findUnique({ where: { agentId }, select: { url: true, servedUrl: true } }),
    findAgentLinksById(agentId),
  ]);
  // Removed, or re-pointed since the job was queued: the import that did it queued its own check.
  if (!row || !agent || agent.logoUrl !== row.url) return "skipped";
  const { url } = row;

  const problem = fetchUrlProblem(url, "logo", ctx.allowLoopbackHttp);
  if (problem) return recordFailure(agentId, url, problem, false, ctx);
  const fetched = await fetchPublisherFile(ctx.fetch, url, { what: "logo", readLimit: LOGO_READ_LIMIT, accept: "image/png, image/jpeg, image/webp" });
  if (!fetched.ok) {
    const { reason, transient } = failureWords(fetched, "The logo is", LOGO_MAX_BYTES, LOGO_READ_LIMIT);
    if (transient && !ctx.finalAttempt) return "retry";
    // The same URL that passed before and cannot be reached just now: its copy stays served.
    return recordFailure(agentId, url, reason, transient && row.servedUrl === url, ctx);
  }
  const verdict = await judgeLogo(fetched.bytes);
  if (!verdict.ok) return recordFailure(agentId, url, verdict.reason, false, ctx);

  const now = ctx.now ?? new Date();
  await writeListings(async (tx, wrote) => {
    wrote(agentId);
    // Only while the agent still points at this URL: an import in between wins.
    if (!(await setAgentLogoHash(tx, agentId, url, verdict.sha256))) return { ok: false };
    await putLogoCopies(tx, agentId, verdict.copies);
    await tx.agentLogo.update({ where: { agentId }, data: { status: "passed", failure: null, checkedAt: now, servedUrl: url, servedAt: now } });
    return { ok: true };
  });
  return "passed";
}

async function recordFailure(agentId: string, url: string, reason: string, keepServed: boolean, ctx: CheckContext): Promise<CheckOutcome> {
  const now = ctx.now ?? new Date();
  await writeListings(async (tx, wrote) => {
    wrote(agentId);
    const { count } = await tx.agentLogo.updateMany({
      where: { agentId, url },
      data: { status: "failed", failure: reason, checkedAt: now, ...(keepServed ? {} : { servedUrl: null, servedAt: null }) },
    });
    if (count === 0 || keepServed) return { ok: false };
    // A failing URL shows the monogram, whatever passed before.
    return { ok: await dropLogoCopies(tx, agentId) };
  });
  return "failed";
}
