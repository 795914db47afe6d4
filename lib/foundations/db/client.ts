import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { requireDatabaseUrl } from "@/lib/foundations/env";
import { noteFailure, outageSince } from "@/lib/foundations/db/outage";
import { readAgainWhenBack } from "@/lib/foundations/db/read-retry";

// The one Prisma client. OAuth tokens and sealed secrets are never read unless a query asks for them. A read that
// meets PostgreSQL going away is asked again once it is back (lib/foundations/db/read-retry.ts).
function createClient() {
  const base = new PrismaClient({
    // A connection PostgreSQL drops (a restart, a fail-over) tells proxy.ts of the outage before a page meets it.
    adapter: new PrismaPg({ connectionString: requireDatabaseUrl() }, { onPoolError: noteFailure, onConnectionError: noteFailure }),
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
