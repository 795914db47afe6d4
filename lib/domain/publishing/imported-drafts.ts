import "server-only";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { DraftSource } from "@/generated/prisma/enums";
import { db } from "@/lib/foundations/db/client";
import { draftTextOf } from "@/lib/domain/formats/convert";
import type { ForeignConversion, ToComplete } from "@/lib/domain/formats/foreign";
import type { RegistryParts } from "@/lib/domain/formats/ga4gh/to-agent-file";
import { createImportedDraft, type DraftWrite } from "./drafts";

// Drafts opened from a foreign document (A2A card, GA4GH entry, A2AWire registration): the converted
// agent.json is the draft's text, and what the import said (fields to complete, notes, and a GA4GH entry's
// registry parts) is kept beside it in DraftImport, written in the same transaction as the draft.

type Converted = Extract<ForeignConversion, { ok: true }>;

function json(value: unknown): Prisma.InputJsonValue {
  // Converted values are JSON already (they came out of JSON.parse and zod); this narrows the type only.
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}

export function openImportedDraft(ownerId: string, conversion: Converted, registry: RegistryParts | null): Promise<DraftWrite> {
  const source: DraftSource = conversion.format;
  return createImportedDraft(ownerId, source, draftTextOf(conversion.agentFile), async (tx, draftId) => {
    await tx.draftImport.create({
      data: {
        draftId,
        format: source,
        toComplete: json(conversion.toComplete),
        notes: json(conversion.notes),
        ...(registry ? { agentInfoUri: registry.agentInfoUri, agentInfoSnapshot: json(registry.snapshot), entryCore: json(registry.entryCore) } : {}),
      },
    });
    // The entry's maintainers are what its publisher stated: the editor's field starts from them.
    if (registry) await tx.agentDraft.update({ where: { id: draftId }, data: { maintainers: json(registry.entryCore.maintainers) } });
  });
}

const toCompleteSchema = z.array(z.object({ path: z.string(), why: z.string() }));
const notesSchema = z.array(z.string());

export type DraftImportNote = { format: DraftSource; toComplete: ToComplete[]; notes: string[]; agentInfoUri: string | null };

/** The import note of one of the owner's drafts; null for another's draft or a draft not imported. */
export async function findDraftImport(ownerId: string, draftId: string): Promise<DraftImportNote | null> {
  const row = await db.draftImport.findFirst({
    where: { draftId, draft: { ownerId } },
    select: { format: true, toComplete: true, notes: true, agentInfoUri: true },
  });
  if (!row) return null;
  return {
    format: row.format,
    toComplete: toCompleteSchema.catch([]).parse(row.toComplete),
    notes: notesSchema.catch([]).parse(row.notes),
    agentInfoUri: row.agentInfoUri,
  };
}

/** What publishing the draft stores as the agent's registry record; null when the draft came from no GA4GH entry. */
export async function findDraftRegistryParts(
  ownerId: string,
  draftId: string,
): Promise<{ agentInfoUri: string; snapshot: Prisma.InputJsonValue; entryCore: Prisma.InputJsonValue | null } | null> {
  const row = await db.draftImport.findFirst({
    where: { draftId, draft: { ownerId } },
    select: { agentInfoUri: true, agentInfoSnapshot: true, entryCore: true },
  });
  if (!row || row.agentInfoUri === null || row.agentInfoSnapshot === null) return null;
  return { agentInfoUri: row.agentInfoUri, snapshot: json(row.agentInfoSnapshot), entryCore: row.entryCore === null ? null : json(row.entryCore) };
}
