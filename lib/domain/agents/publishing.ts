import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, ok, type ActionResult } from "@/lib/foundations/action-result";
import { markAgentDue } from "@/lib/domain/sample-tests/schedule";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { setOwnedAgentPublished, setOwnedServiceOffered } from "@/lib/model/catalog/agent-writes";
import { refreshSearchLexicon } from "@/lib/domain/search/lexicon";
import { recordAgentVersion } from "./versions";

export type Published = { handle: string; status: "published" | "unpublished" };

/**
 * Publishes or unpublishes one of the viewer's agents. Ownership is part of the write's where,
 * and a suspended agent stays suspended whatever its publisher asks.
 */
export async function setAgentPublished(viewer: Pick<Viewer, "id">, handle: string, published: boolean): Promise<ActionResult<Published>> {
  const { ok: changed } = await writeListings(async (tx, wrote) => {
    const agent = await setOwnedAgentPublished(tx, viewer.id, handle, published);
    if (!agent) return { ok: false };
    await refreshSearchLexicon(tx, [handle]);
    wrote(agent.rowId);
    await recordAgentVersion(tx, { agentId: agent.rowId, userId: viewer.id, event: published ? "published" : "unpublished" });
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
    const agent = await setOwnedServiceOffered(tx, viewer.id, handle, capabilityId, offered);
    if (!agent) return { ok: false };
    wrote(agent.rowId);
    await refreshSearchLexicon(tx, [handle]);
    // The stored document changed with the row: the version kept next is of the document as offered.
    await recordAgentVersion(tx, { agentId: agent.rowId, userId: viewer.id, event: offered ? "service_offered" : "service_withdrawn", capabilityId });
    return { ok: true };
  });
  if (!changed) return fail(`No service ${capabilityId} of an agent ${handle} of yours was found that can be changed.`);
  if (offered) await markAgentDue(handle);
  return ok({ handle, capabilityId, offered });
}
