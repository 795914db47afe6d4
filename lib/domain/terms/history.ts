import "server-only";
import { db } from "@/lib/foundations/db/client";

// The terms' change log for the versions page: each distinct hash the fetched terms had, with when Explore
// first saw it. The first is when the terms were first fetched; each later one is a change.

export type TermsChange = { at: Date; sha256: string; url: string };

/** "Terms changed on <date>" entries of the agent, oldest first (its first fetch is not a change). */
export async function findTermsChanges(agentId: string): Promise<TermsChange[]> {
  const versions = await db.agentTermsVersion.findMany({
    where: { agentId },
    orderBy: [{ firstSeenAt: "asc" }, { id: "asc" }],
    select: { firstSeenAt: true, sha256: true, url: true },
  });
  return versions.slice(1).map((v) => ({ at: v.firstSeenAt, sha256: v.sha256, url: v.url }));
}
