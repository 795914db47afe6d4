import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { requireDatabaseUrl } from "@/lib/env";
import { noteFailure } from "@/lib/http/database-outage";

// The one Prisma client. OAuth tokens and sealed secrets are never read unless a query asks for them.
function createClient() {
  return new PrismaClient({
    // A connection PostgreSQL drops (a restart, a fail-over) tells proxy.ts of the outage before a page meets it.
    adapter: new PrismaPg({ connectionString: requireDatabaseUrl() }, { onPoolError: noteFailure, onConnectionError: noteFailure }),
    omit: { account: { access_token: true, refresh_token: true, id_token: true }, stripeWebhook: { secretCiphertext: true } },
  });
}

type Client = ReturnType<typeof createClient>;

declare global {
  // One client per process; in development modules reload, so it is kept on globalThis.
  var exploreDb: Client | undefined;
}

export const db: Client = globalThis.exploreDb ?? createClient();
globalThis.exploreDb = db;
