import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { requireDatabaseUrl } from "@/lib/env";

// The one Prisma client. OAuth tokens and sealed secrets are never read unless a query asks for them.
function createClient() {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: requireDatabaseUrl() }),
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
