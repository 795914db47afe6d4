import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/foundations/db/client";
import { listingsGeneration } from "@/lib/model/catalog/listing-changes";

// Deleted agents' handles (issue #13): their public pages answer 410 Gone, and the handle stays reserved for
// its former owner. proxy.ts asks `deletedAgentOn` on the pages and API reads of a handle; the answer comes
// from a set this process keeps, reloaded (one small query) only after a listing write anywhere (the listings'
// generation moved) or once a minute, so a request for an agent that exists costs a
// lookup in memory and no query.

type Tx = Prisma.TransactionClient;

/**
 * Inside an import's transaction, for a handle no agent has: whether `ownerId` may take it. A deleted agent's
 * handle is its former owner's alone; their import takes it back, which lifts the 410.
 */
export async function claimDeletedHandle(tx: Tx, handle: string, ownerId: string): Promise<boolean> {
  const deleted = await tx.deletedAgent.findUnique({ where: { handle }, select: { ownerId: true } });
  if (!deleted) return true;
  if (deleted.ownerId !== ownerId) return false;
  await tx.deletedAgent.delete({ where: { handle } });
  return true;
}

const RELOAD_AFTER_MS = 60_000;
const KEY = Symbol.for("explore.deletedAgents");

type Known = { handles: Map<string, Date>; generation: number; loadedAt: number };
type Holder = { [KEY]?: { known: Known | null; loading: Promise<Known> | null } };

function holder() {
  // On globalThis: Next bundles the proxy and the app separately, and both must see one set.
  const g = globalThis as Holder;
  g[KEY] ??= { known: null, loading: null };
  return g[KEY];
}

async function load(): Promise<Known> {
  const generation = listingsGeneration();
  const rows = await db.deletedAgent.findMany({ select: { handle: true, deletedAt: true } });
  return { handles: new Map(rows.map((r) => [r.handle, r.deletedAt])), generation, loadedAt: Date.now() };
}

async function known(): Promise<Known> {
  const state = holder();
  const current = state.known;
  if (current && current.generation === listingsGeneration() && Date.now() - current.loadedAt < RELOAD_AFTER_MS) return current;
  state.loading ??= load().finally(() => {
    state.loading = null;
  });
  const fresh = await state.loading;
  state.known = fresh;
  return fresh;
}

/** When the agent with this handle was deleted, or null while it exists (or never did). */
export async function deletedAgentOn(handle: string): Promise<Date | null> {
  return (await known()).handles.get(handle) ?? null;
}

/** After a deletion or a re-import in this process: the next lookup reads the table again. */
export function forgetDeletedAgents(): void {
  holder().known = null;
}

/** The viewer's own deleted agent of this handle (for the dashboard's "was deleted" line), or null. */
export async function findOwnDeletion(ownerId: string, handle: string): Promise<{ handle: string; deletedAt: Date } | null> {
  return db.deletedAgent.findFirst({ where: { handle, ownerId }, select: { handle: true, deletedAt: true } });
}
