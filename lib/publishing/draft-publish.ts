import "server-only";
import { db } from "@/lib/db";
import { importAgentFile } from "@/lib/agents/import-agent";
import { checkDraftText, placeErrors, type PlacedError } from "./draft-check";
import { findOwnedDraft } from "./drafts";
import { findDraftRegistryParts } from "./imported-drafts";
import { storeRegistryRecord } from "@/lib/registry/records";

// Publishing a draft is importing it: the one import (importAgentFile, all or nothing), then the draft goes.

export type PublishOutcome =
  | { ok: true; handle: string; published: boolean; replaced: boolean }
  | { ok: false; message: string; errors: PlacedError[]; confirm?: "overwrite" };

export async function publishDraft(ownerId: string, draftId: string, options: { publish: boolean; overwrite: boolean }): Promise<PublishOutcome> {
  const draft = await findOwnedDraft(ownerId, draftId);
  if (!draft) return { ok: false, message: "This draft no longer exists; it may have been published or deleted.", errors: [] };
  const check = checkDraftText(draft.text);
  if (!check.agent) {
    const n = check.errors.length;
    return { ok: false, message: `The draft has ${n} problem${n === 1 ? "" : "s"}; nothing was imported.`, errors: check.errors };
  }
  const handle = check.agent.handle;
  if (!options.overwrite) {
    // Asked before replacing: an agent changed by another import since this draft was opened, or one of
    // the publisher's agents the draft was not opened from (a connect or a blank draft naming its handle).
    if (draft.agentChanged && draft.agentHandle === handle) {
      return { ok: false, confirm: "overwrite", errors: [], message: `${handle} was changed by another import since you opened this draft. Publishing replaces those changes with this draft.` };
    }
    if (draft.agentHandle !== handle) {
      const existing = await db.agent.findFirst({ where: { handle, ownerId }, select: { id: true } });
      if (existing) return { ok: false, confirm: "overwrite", errors: [], message: `You already have an agent ${handle}. Publishing replaces it with this draft.` };
    }
  }
  // A draft from a GA4GH entry: its registry record is stored in the import's own transaction.
  const registry = await findDraftRegistryParts(ownerId, draftId);
  const result = await importAgentFile({
    text: draft.text,
    ownerId,
    publish: options.publish,
    ...(registry ? { alsoStore: (tx, agentId) => storeRegistryRecord(tx, agentId, registry) } : {}),
  });
  if (!result.ok) {
    return {
      ok: false,
      message: result.message,
      errors: placeErrors(draft.text, result.errors),
    };
  }
  await db.agentDraft.deleteMany({ where: { id: draftId, ownerId } });
  const stored = await db.agent.findFirst({ where: { handle: result.handle, ownerId }, select: { status: true } });
  return { ok: true, handle: result.handle, published: stored?.status === "published", replaced: result.replaced };
}
