import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { noteFailure, outageSince } from "@/lib/foundations/db/outage";
import { readAgainWhenBack } from "@/lib/foundations/db/read-retry";
import { sharedPool } from "@/lib/foundations/db/pool";

// The one Prisma client, on the process's one pool (pool.ts). OAuth tokens and sealed secrets are never read unless a
// query asks for them. A read that meets PostgreSQL going away is asked again once it is back (read-retry.ts).
function createClient() {
  const base = new PrismaClient({
    // A connection PostgreSQL drops in a transaction tells proxy.ts of the outage, as an idle one does (pool.ts).
    adapter: new PrismaPg(sharedPool(), { onConnectionError: noteFailure, disposeExternalPool: true }),
    omit: { account: { access_token: true, refresh_token: true, id_token: true }, stripeWebhook: { secretCiphertext: true } },
  });
  const retry = { probe: () => base.$queryRawUnsafe("SELECT 1"), outageSince };
  const extended = base.$extends({
    query: {
      $allOperations({ operation, args, query }) {
        return readAgainWhenBack(operation, args, () => query(args), retry);
      },
    },
  });
  // A query extension adds no method and changes no result, so the client keeps the base client's type: its
  // transactions' clients stay Prisma.TransactionClient wherever they are passed.
  return extended as unknown as typeof base;
}

type Client = ReturnType<typeof createClient>;

declare global {
  // One client per process; in development modules reload, so it is kept on globalThis.
  var exploreDb: Client | undefined;
}

export const db: Client = globalThis.exploreDb ?? createClient();
globalThis.exploreDb = db;
