import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, ok, type ActionResult } from "@/lib/foundations/action-result";
import { markAgentDue } from "@/lib/domain/sample-tests/schedule";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { refreshSearchLexicon } from "@/lib/domain/search/lexicon";
import { recordAgentVersion } from "./versions";

export type Published = { handle: string; status: "published" | "unpublished" };

/**
 * Publishes or unpublishes one of the viewer's agents. Ownership is part of the write's where,
 * and a suspended agent stays suspended whatever its publisher asks.
 */
export async function setAgentPublished(viewer: Pick<Viewer, "id">, handle: string, published: boolean): Promise<ActionResult<Published>> {
  const { ok: changed } = await writeListings(async (tx, wrote) => {
    const { count } = await tx.agent.updateMany({
      where: { ownerId: viewer.id, handle, status: { not: "suspended" } },
      data: published ? { status: "published", publishedAt: new Date() } : { status: "unpublished" },
    });
    if (count === 0) return { ok: false };
    await refreshSearchLexicon(tx, [handle]);
    const agent = await tx.agent.findUniqueOrThrow({ where: { handle }, select: { id: true } });
    wrote(agent.id);
    await recordAgentVersion(tx, { agentId: agent.id, userId: viewer.id, event: published ? "published" : "unpublished" });
    return { ok: true };
  });
  if (!changed) {
    return fail(`No agent ${handle} of yours was found that can be ${published ? "published" : "unpublished"}.`);
  }
  // Publishing makes its services due for a sample test at once (lib/domain/sample-tests).
  if (published) await markAgentDue(handle);
  return ok({ handle, status: published ? "published" : "unpublished" });
}

export type Offered = { handle: string; capabilityId: string; offered: boolean };

/**
 * Publishing one service: its agent.json's `offered`, set from the dashboard. The stored document changes
 * with the row, so the published agent.json, a re-import of the export and the listing all agree; a
 * service whose class is not confirmed stays unlisted however it is offered (rule 12).
 */
export async function setServiceOffered(viewer: Pick<Viewer, "id">, handle: string, capabilityId: string, offered: boolean): Promise<ActionResult<Offered>> {
  const { ok: changed } = await writeListings(async (tx, wrote) => {
    const written = await tx.$queryRaw<{ agentId: string }[]>`
      WITH target AS (
        SELECT c."id", c."position", c."agentId" FROM "Capability" c JOIN "Agent" a ON a."id" = c."agentId"
        WHERE a."ownerId" = ${viewer.id} AND a."handle" = ${handle} AND a."status" <> 'suspended' AND c."capabilityId" = ${capabilityId}
      ), agent_doc AS (
        UPDATE "Agent" a SET "document" = jsonb_set(a."document", ARRAY['capabilities', target."position"::text, 'offered'], to_jsonb(${offered}::boolean)), "updatedAt" = now()
        FROM target WHERE a."id" = target."agentId" AND jsonb_typeof(a."document" #> ARRAY['capabilities', target."position"::text]) = 'object'
      )
      UPDATE "Capability" c SET "offered" = ${offered}, "listed" = ${offered} AND NOT c."needsConfirmation", "updatedAt" = now()
      FROM target WHERE c."id" = target."id"
      RETURNING c."agentId"`;
    const [row] = written;
    if (!row) return { ok: false };
    wrote(row.agentId);
    await refreshSearchLexicon(tx, [handle]);
    // The CTE's update of the document is visible to the next statement of this transaction.
    await recordAgentVersion(tx, { agentId: row.agentId, userId: viewer.id, event: offered ? "service_offered" : "service_withdrawn", capabilityId });
    return { ok: true };
  });
  if (!changed) return fail(`No service ${capabilityId} of an agent ${handle} of yours was found that can be changed.`);
  if (offered) await markAgentDue(handle);
  return ok({ handle, capabilityId, offered });
}
