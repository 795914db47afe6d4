import "server-only";
import type { DraftSource } from "@/generated/prisma/enums";
import { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { findAgentHandles } from "@/lib/model/catalog/agent-handles";
import { findOwnedAgentById, findOwnedStoredDocument } from "@/lib/model/catalog/owned-agents";
import { storedMaintainers, type Maintainer } from "@/lib/domain/formats/ga4gh/maintainers";
import { storedSuggestions, withoutSuggestion, type Suggestion } from "./suggestions";
import { BLANK_DRAFT_TEXT, draftTooLarge, MAX_DRAFT_BYTES, MAX_DRAFTS_PER_OWNER, TOO_MANY_DRAFTS, utf8Bytes } from "./draft-limits";

// The drafts' reads and writes. Every one has the owner in its `where`: another publisher's draft ID finds
// nothing, changes nothing, and is answered exactly like an ID that does not exist.

export type DraftWrite = { ok: true; id: string } | { ok: false; message: string };

export type DraftSummary = { id: string; source: DraftSource; agentHandle: string | null; title: string; updatedAt: Date };

export type OwnedDraft = {
  id: string;
  source: DraftSource;
  text: string;
  agentHandle: string | null;
  /** The agent changed since the draft was opened (by another import): publishing asks first. */
  agentChanged: boolean;
  /** The GA4GH registry maintainers stated in the editor (null: none stated). */
  maintainers: Maintainer[] | null;
  /** Explore's suggestions not yet confirmed (a connected server's draft). */
  suggestions: Suggestion[];
  updatedAt: Date;
};

function tooLarge(text: string): string | null {
  const bytes = utf8Bytes(text);
  return bytes > MAX_DRAFT_BYTES ? draftTooLarge(bytes) : null;
}

type DraftTx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

async function createDraft(
  ownerId: string,
  data: { source: DraftSource; text: string; agentId?: string; baseUpdatedAt?: Date; maintainers?: Prisma.InputJsonValue; suggestions?: Prisma.InputJsonValue },
  /** Written in the same transaction as the draft (an imported draft's note): both or neither. */
  also?: (tx: DraftTx, draftId: string) => Promise<void>,
): Promise<DraftWrite> {
  const large = tooLarge(data.text);
  if (large) return { ok: false, message: large };
  // Counted and created under the owner's lock, so two tabs cannot both take the 50th place.
  return db.$transaction(async (tx): Promise<DraftWrite> => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`drafts:${ownerId}`}))`;
    const count = await tx.agentDraft.count({ where: { ownerId } });
    if (count >= MAX_DRAFTS_PER_OWNER) return { ok: false, message: TOO_MANY_DRAFTS };
    const draft = await tx.agentDraft.create({ data: { ownerId, ...data }, select: { id: true } });
    if (also) await also(tx, draft.id);
    return { ok: true, id: draft.id };
  });
}

export function createBlankDraft(ownerId: string): Promise<DraftWrite> {
  return createDraft(ownerId, { source: "blank", text: BLANK_DRAFT_TEXT });
}

/** A draft of a text from Connect (with its suggestions, to confirm) or a refused import. */
export function createDraftFromText(ownerId: string, source: "connect" | "import", text: string, suggestions: Suggestion[] = []): Promise<DraftWrite> {
  if (text.trim() === "") return Promise.resolve({ ok: false, message: "There is nothing to open in the editor." });
  return createDraft(ownerId, { source, text, ...(suggestions.length > 0 ? { suggestions } : {}) });
}

/** A draft made from a foreign document (lib/domain/formats), with what the import said beside it, in one write. */
export function createImportedDraft(
  ownerId: string,
  source: DraftSource,
  text: string,
  note: (tx: DraftTx, draftId: string) => Promise<void>,
): Promise<DraftWrite> {
  return createDraft(ownerId, { source, text }, note);
}

/** "Edit" on one of the publisher's agents: its open draft if it has one, else a new draft of its stored document. */
export async function openAgentDraft(ownerId: string, handle: string): Promise<DraftWrite> {
  const agent = await findOwnedStoredDocument(ownerId, handle);
  if (!agent) return { ok: false, message: "No agent of yours has that handle." };
  const open = await db.agentDraft.findFirst({ where: { ownerId, agentId: agent.rowId }, orderBy: { updatedAt: "desc" }, select: { id: true } });
  if (open) return { ok: true, id: open.id };
  const maintainers = storedMaintainers(agent.registryMaintainers);
  return createDraft(ownerId, {
    source: "agent",
    text: `${JSON.stringify(agent.document, null, 2)}\n`,
    agentId: agent.rowId,
    baseUpdatedAt: agent.updatedAt,
    ...(maintainers ? { maintainers } : {}),
  });
}

export type DraftSave = { ok: true; savedAt: Date; suggestions: Suggestion[] } | { ok: false; message: string };

const GONE = "This draft no longer exists; it may have been published or deleted.";

export async function saveDraftText(ownerId: string, id: string, text: string): Promise<DraftSave> {
  const large = tooLarge(text);
  if (large) return { ok: false, message: large };
  const saved = await db.agentDraft.updateManyAndReturn({ where: { id, ownerId }, data: { text }, select: { updatedAt: true, suggestions: true } });
  const first = saved[0];
  return first ? { ok: true, savedAt: first.updatedAt, suggestions: storedSuggestions(first.suggestions) } : { ok: false, message: GONE };
}

/** The publisher confirms the suggestion at `path` as it stands: it no longer waits. Returns those left. */
export async function confirmSuggestion(
  ownerId: string,
  id: string,
  path: string,
): Promise<{ ok: true; suggestions: Suggestion[] } | { ok: false; message: string }> {
  return db.$transaction(async (tx) => {
    // Locked, so two confirmations at once each remove their own.
    const rows = await tx.$queryRaw<
      { suggestions: unknown }[]
    >`SELECT "suggestions" FROM "AgentDraft" WHERE "id" = ${id} AND "ownerId" = ${ownerId} FOR UPDATE`;
    const row = rows[0];
    if (!row) return { ok: false, message: GONE };
    const left = withoutSuggestion(storedSuggestions(row.suggestions), path);
    await tx.agentDraft.updateMany({ where: { id, ownerId }, data: { suggestions: left.length > 0 ? left : Prisma.DbNull } });
    return { ok: true, suggestions: left };
  });
}

/** The registry maintainers field of the editor: null clears it (none stated). */
export async function saveDraftMaintainers(ownerId: string, id: string, maintainers: Maintainer[] | null): Promise<boolean> {
  const { count } = await db.agentDraft.updateMany({ where: { id, ownerId }, data: { maintainers: maintainers ?? Prisma.DbNull } });
  return count > 0;
}

export async function deleteDraft(ownerId: string, id: string): Promise<boolean> {
  const { count } = await db.agentDraft.deleteMany({ where: { id, ownerId } });
  return count > 0;
}

// A draft's title in the list: the display name or handle it gives, when its text says so.
function titleOf(text: string): string {
  const name = /"display_name"\s*:\s*"((?:[^"\\]|\\.){1,80})"/.exec(text)?.[1];
  const handle = /"handle"\s*:\s*"(@[a-z0-9-]{2,31})"/.exec(text)?.[1];
  return name ?? handle ?? "Untitled agent";
}

export async function listDrafts(ownerId: string): Promise<DraftSummary[]> {
  const rows = await db.agentDraft.findMany({
    where: { ownerId },
    orderBy: { updatedAt: "desc" },
    take: MAX_DRAFTS_PER_OWNER,
    select: { id: true, source: true, text: true, updatedAt: true, agentId: true },
  });
  const handles = await findAgentHandles(rows.flatMap((r) => (r.agentId ? [r.agentId] : [])));
  return rows.map((r) => ({
    id: r.id,
    source: r.source,
    agentHandle: (r.agentId && handles.get(r.agentId)) ?? null,
    title: titleOf(r.text),
    updatedAt: r.updatedAt,
  }));
}

export async function findOwnedDraft(ownerId: string, id: string): Promise<OwnedDraft | null> {
  const row = await db.agentDraft.findFirst({
    where: { id, ownerId },
    select: {
      id: true,
      source: true,
      text: true,
      maintainers: true,
      suggestions: true,
      updatedAt: true,
      baseUpdatedAt: true,
      agentId: true,
    },
  });
  if (!row) return null;
  const agent = row.agentId ? await findOwnedAgentById(ownerId, row.agentId) : null;
  return {
    id: row.id,
    source: row.source,
    text: row.text,
    agentHandle: agent?.handle ?? null,
    agentChanged: agent !== null && row.baseUpdatedAt !== null && agent.updatedAt.getTime() !== row.baseUpdatedAt.getTime(),
    maintainers: storedMaintainers(row.maintainers),
    suggestions: storedSuggestions(row.suggestions),
    updatedAt: row.updatedAt,
  };
}
