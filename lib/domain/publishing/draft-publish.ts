import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile, type ReplaceQuestion } from "@/lib/domain/publishing/import-agent";
import { checkDraftText, placeErrors, type PlacedError } from "./draft-check";
import { findOwnedDraft } from "./drafts";
import { findDraftRegistryParts } from "./imported-drafts";
import { storeRegistryRecord } from "@/lib/domain/registry/records";
import { setAgentMaintainers } from "@/lib/model/catalog/agent-writes";
import { findOwnedAgentStatus } from "@/lib/model/catalog/owned-agents";

// Publishing a draft is importing it: the one import (importAgentFile, all or nothing), then the draft goes.

export type PublishOutcome =
  { ok: true; handle: string; published: boolean; replaced: boolean } | { ok: false; message: string; errors: PlacedError[]; confirm?: ReplaceQuestion };

/** `overwrite`: the handle the publisher answered "Yes, replace it" for (null: not asked yet). */
export async function publishDraft(ownerId: string, draftId: string, options: { publish: boolean; overwrite: string | null }): Promise<PublishOutcome> {
  const draft = await findOwnedDraft(ownerId, draftId);
  if (!draft) return { ok: false, message: "This draft no longer exists; it may have been published or deleted.", errors: [] };
  const check = checkDraftText(draft.text, draft.suggestions);
  if (!check.agent) {
    const n = check.errors.length;
    return { ok: false, message: `The draft has ${n} problem${n === 1 ? "" : "s"}; nothing was imported.`, errors: check.errors };
  }
  const handle = check.agent.handle;
  const openedFrom = draft.agentHandle === handle;
  // The agent the draft was opened from, changed by another import since: asked before those changes are replaced.
  if (openedFrom && draft.agentChanged && options.overwrite !== handle) {
    return {
      ok: false,
      confirm: { handle },
      errors: [],
      message: `${handle} was changed by another import since you opened this draft. Publishing replaces those changes with this draft.`,
    };
  }
  // A draft from a GA4GH entry: its registry record is stored in the import's own transaction.
  const registry = await findDraftRegistryParts(ownerId, draftId);
  const { maintainers } = draft;
  const alsoStore = async (tx: Prisma.TransactionClient, agentId: string) => {
    if (registry) await storeRegistryRecord(tx, agentId, registry);
    // The maintainers stated in the editor go with the agent (agent.json has no place for them); unstated, the agent keeps its own.
    if (maintainers) await setAgentMaintainers(tx, agentId, ownerId, maintainers);
  };
  const result = await importAgentFile({
    text: draft.text,
    ownerId,
    publish: options.publish,
    // Any other agent of the publisher's that the draft names (a connect, a blank or an imported draft): asked first, like the import page.
    ...(openedFrom ? {} : { askBeforeReplacing: { action: "Publishing this draft", confirmed: options.overwrite } }),
    alsoStore,
  });
  if (!result.ok) {
    return {
      ok: false,
      message: result.message,
      errors: placeErrors(draft.text, result.errors),
      ...(result.confirm ? { confirm: result.confirm } : {}),
    };
  }
  await db.agentDraft.deleteMany({ where: { id: draftId, ownerId } });
  const stored = await findOwnedAgentStatus(ownerId, result.handle);
  return { ok: true, handle: result.handle, published: stored?.status === "published", replaced: result.replaced };
}
