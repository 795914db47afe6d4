import "server-only";
import type { Viewer } from "@/lib/accounts/viewer";
import { fail, ok, type ActionResult } from "@/lib/action-result";
import { markAgentDue } from "@/lib/sample-tests/schedule";
import { writeListings } from "@/lib/catalog/listing-writes";
import { refreshSearchLexicon } from "@/lib/search/lexicon";

export type Published = { handle: string; status: "published" | "unpublished" };

/**
 * Publishes or unpublishes one of the viewer's agents. Ownership is part of the write's where,
 * and a suspended agent stays suspended whatever its publisher asks.
 */
export async function setAgentPublished(
  viewer: Pick<Viewer, "id">,
  handle: string,
  published: boolean,
): Promise<ActionResult<Published>> {
  const { ok: changed } = await writeListings(async (tx) => {
    const { count } = await tx.agent.updateMany({
      where: { ownerId: viewer.id, handle, status: { not: "suspended" } },
      data: published ? { status: "published", publishedAt: new Date() } : { status: "unpublished" },
    });
    if (count > 0) await refreshSearchLexicon(tx, [handle]);
    return { ok: count > 0 };
  });
  if (!changed) {
    return fail(`No agent ${handle} of yours was found that can be ${published ? "published" : "unpublished"}.`);
  }
  // Publishing makes its services due for a sample test at once (lib/sample-tests).
  if (published) await markAgentDue(handle);
  return ok({ handle, status: published ? "published" : "unpublished" });
}
