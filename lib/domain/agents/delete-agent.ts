import "server-only";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { fail, ok, type ActionResult } from "@/lib/foundations/action-result";
import { writeListings } from "@/lib/model/catalog/listing-writes";
import { deleteAgentRow, deleteAgentServices, findOwnedAgentToDelete } from "@/lib/model/catalog/agent-writes";
import { refreshSearchLexicon } from "@/lib/domain/search/lexicon";
import { forgetDeletedAgents } from "./deleted-agents";

// Deleting an agent (issue #13), all or nothing in one listing write: its services, plans, versions and change
// log go; its handle stays reserved for its owner (DeletedAgent), so its pages answer 410 Gone. Executions stay,
// detached from the content, with the service's name and handle written on them. Money records are never
// dropped silently: an agent with Stripe events or entitlements cannot be deleted (unpublish it instead).
// A suspended agent cannot be deleted either: deleting and importing again would lift the suspension.

export type Deleted = { handle: string };

type Outcome = { ok: true } | { ok: false; reason: "not_found" | "suspended" | "money" };

export async function deleteAgent(viewer: Pick<Viewer, "id">, handle: string, confirmation: string): Promise<ActionResult<Deleted>> {
  if (confirmation.trim() !== handle) {
    return fail(`Nothing was deleted: type ${handle} to confirm.`, { confirmation: [`Type ${handle} exactly to confirm.`] });
  }
  const outcome = await writeListings(async (tx, wrote): Promise<Outcome> => {
    const agent = await findOwnedAgentToDelete(tx, viewer.id, handle);
    if (!agent) return { ok: false, reason: "not_found" };
    if (agent.status === "suspended") return { ok: false, reason: "suspended" };
    if (agent.paymentRecords > 0) return { ok: false, reason: "money" };
    wrote(agent.rowId);
    // Executions are set loose, naming what ran; reports, sample tests, plans and tags go with the services.
    await deleteAgentServices(tx, { rowId: agent.rowId, handle });
    // With no services left, this takes the agent's words back from the typo lexicon before the agent goes.
    await refreshSearchLexicon(tx, [handle]);
    await deleteAgentRow(tx, agent.rowId);
    await tx.deletedAgent.upsert({ where: { handle }, create: { handle, ownerId: viewer.id }, update: { ownerId: viewer.id, deletedAt: new Date() } });
    return { ok: true };
  });
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "not_found":
        return fail(`No agent ${handle} of yours was found; nothing was deleted.`);
      case "suspended":
        return fail(`${handle} is suspended, so it cannot be deleted; nothing was deleted.`);
      case "money":
        return fail(`${handle} has payment records, which Explore keeps; it cannot be deleted. Unpublish it instead.`);
    }
  }
  forgetDeletedAgents();
  return ok({ handle });
}
