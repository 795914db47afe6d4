import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { parseAgentFile } from "@/lib/model/agent-file";
import { refreshSearchDocuments } from "@/lib/domain/search/documents";
import { refreshSearchLexicon } from "@/lib/domain/search/lexicon";
import { markDueAfterImport, snapshotForSampleTests } from "@/lib/domain/sample-tests/schedule";
import { markLogoAndTermsAfterImport } from "@/lib/domain/logos/after-import";
import type { AgentFileError, NormalizedAgent } from "@/lib/model/agent-file/types";
import { writeListings, type NoteWritten } from "@/lib/model/catalog/listing-writes";
import { agentRow } from "@/lib/model/catalog/rows";
import { findAgentBeforeImport, storeImportedAgent, storeImportedServices } from "@/lib/model/catalog/agent-import-rows";
import { recordAgentVersion } from "@/lib/domain/agents/versions";
import { claimDeletedHandle } from "@/lib/domain/agents/deleted-agents";
import type { ReplaceQuestion } from "./import-form-state";

export type { ReplaceQuestion };

export type ImportResult =
  { ok: true; handle: string; replaced: boolean } | { ok: false; message: string; errors: AgentFileError[]; confirm?: ReplaceQuestion };

/**
 * The dashboard's imports ask before replacing an agent the owner has (the import page, and a draft not
 * opened from that agent): `action` says what replaces it, in words; `confirmed` is the handle the
 * publisher answered "Yes, replace it" for. A confirmation is for one handle, never for whatever is sent next.
 */
export type AskBeforeReplacing = { action: "Importing this document" | "Publishing this draft"; confirmed: string | null };

type Tx = Prisma.TransactionClient;

/** How many imports may hold a transaction at once in this process; the rest wait their turn outside the pool. */
export const MAX_CONCURRENT_IMPORTS = 2;

// The transaction's time budget grows with the document: a fixed part for the agent, the search
// documents and the commit, and a part per capability for its rows (measured at ~1 ms each on a
// 2-core machine with the batched writes below; the budget leaves room for a loaded machine).
const TRANSACTION_BASE_MS = 5_000;
const TRANSACTION_PER_CAPABILITY_MS = 10;

/** The interactive transaction's timeout for storing this agent (Prisma's default of 5 s fits small agents only). */
export function importTimeoutMs(agent: { capabilities: readonly unknown[] }): number {
  return TRANSACTION_BASE_MS + TRANSACTION_PER_CAPABILITY_MS * agent.capabilities.length;
}

let importsRunning = 0;
const importsWaiting: (() => void)[] = [];

/**
 * Runs `work` when fewer than MAX_CONCURRENT_IMPORTS imports are storing (exported for its test). Ten
 * large imports at once would otherwise each hold one of the pool's connections for their whole
 * transaction, leaving none for readers; on two cores they would not finish sooner either.
 */
export async function inImportTurn<T>(work: () => Promise<T>): Promise<T> {
  if (importsRunning < MAX_CONCURRENT_IMPORTS) importsRunning += 1;
  else await new Promise<void>((resolve) => importsWaiting.push(resolve));
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line, so the count stays as it is.
    const next = importsWaiting.shift();
    if (next) next();
    else importsRunning -= 1;
  }
}

/**
 * Validates an agent.json and stores it for its owner, all or nothing: the CLI and the dashboard
 * both import through here. Re-importing a handle you own replaces it (capabilities are matched
 * by capability ID so their run and test history stays); a handle owned by someone else is refused.
 */
export async function importAgentFile(input: {
  text: string;
  ownerId: string;
  publish?: boolean;
  /** Written inside the import's transaction once the agent is stored (a draft's registry record): all or nothing. */
  alsoStore?: (tx: Tx, agentId: string) => Promise<void>;
  /** Without it (the CLI, a draft opened from the agent) an agent of the owner's is replaced. */
  askBeforeReplacing?: AskBeforeReplacing;
}): Promise<ImportResult> {
  const parsed = parseAgentFile(input.text);
  if (!parsed.ok) {
    const n = parsed.errors.length;
    return { ok: false, message: `The agent.json has ${n} problem${n === 1 ? "" : "s"}; nothing was imported.`, errors: parsed.errors };
  }
  const agent = parsed.agent;
  try {
    return await inImportTurn(async () => {
      const before = await snapshotForSampleTests(agent.handle);
      const result = await writeListings(
        (tx, wrote) => storeAgent(tx, agent, input.ownerId, input.publish ?? false, wrote, input.alsoStore, input.askBeforeReplacing),
        {
          timeout: importTimeoutMs(agent),
        },
      );
      // After the commit: new, newly published, re-versioned or re-pointed capabilities get a sample test soon.
      if (result.ok) await markDueAfterImport(result.handle, before);
      // A new or changed logo or terms URL is fetched and checked by the worker.
      if (result.ok) await markLogoAndTermsAfterImport(result.handle);
      return result;
    });
  } catch (error) {
    // Two imports racing for the same new handle: the loser gets the same answer as a taken handle.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return handleTaken(agent.handle);
    }
    // The transaction could not start, or ran past its budget, on a database busy with other work:
    // it was rolled back, so nothing was stored, and trying again later is all the publisher can do.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2028") {
      return { ok: false, message: "Explore was too busy to store the agent just now; nothing was imported. Try again in a few minutes.", errors: [] };
    }
    throw error;
  }
}

// Only that the handle is taken: not by whom, nor whether that agent is published, suspended or mature.
function handleTaken(handle: string): ImportResult {
  return {
    ok: false,
    message: `The handle ${handle} is taken; nothing was imported.`,
    errors: [{ path: "/agent/handle", message: `${handle} is taken; choose another handle` }],
  };
}

function replaceQuestion(handle: string, status: string, action: AskBeforeReplacing["action"]): ImportResult {
  const state = status === "published" ? "published, with its services on Explore" : status === "suspended" ? "suspended" : "unpublished";
  return {
    ok: false,
    message: `You already have an agent ${handle} (${state}). ${action} replaces it: its profile, services and plans become this one's.`,
    errors: [],
    confirm: { handle },
  };
}

async function storeAgent(
  tx: Tx,
  agent: NormalizedAgent,
  ownerId: string,
  publish: boolean,
  wrote: NoteWritten,
  alsoStore?: (tx: Tx, agentId: string) => Promise<void>,
  ask?: AskBeforeReplacing,
): Promise<ImportResult> {
  const existing = await findAgentBeforeImport(tx, agent.handle);
  if (existing && existing.ownerId !== ownerId) return handleTaken(agent.handle);
  // Asked inside the transaction that would write, so the answer is about the agent as it is now; nothing is written.
  if (existing && ask && ask.confirmed !== agent.handle) return replaceQuestion(agent.handle, existing.status, ask.action);
  // A deleted agent's handle stays its former owner's: they may import it again (which lifts its 410), nobody else.
  if (!existing && !(await claimDeletedHandle(tx, agent.handle, ownerId))) return handleTaken(agent.handle);

  const status = existing?.status === "suspended" ? "suspended" : publish ? "published" : (existing?.status ?? "unpublished");
  const written = agentRow(agent);
  // An endpoint the adapter announced for this same ${NAME} survives a re-import; any other endpoint ends it.
  const announced = existing?.announcedEndpoint && written.endpointPending && existing.announcedFor === written.endpoint ? existing.announcedEndpoint : null;
  const row = announced
    ? { ...written, endpoint: announced, endpointPending: false }
    : { ...written, announcedEndpoint: null, announcedFor: null, announcedAt: null };
  const stored = await storeImportedAgent(tx, { existing, ownerId, handle: agent.handle, row, status });
  wrote(stored.rowId);
  await storeImportedServices(tx, stored, agent);
  await refreshSearchDocuments(tx, [stored.rowId]);
  await refreshSearchLexicon(tx, [agent.handle]);
  await recordAgentVersion(tx, { agentId: stored.rowId, userId: ownerId, event: "imported" });
  if (alsoStore) await alsoStore(tx, stored.rowId);
  return { ok: true, handle: agent.handle, replaced: existing !== null };
}
