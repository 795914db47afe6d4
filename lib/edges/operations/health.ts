import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import { databaseUnavailableHeaders } from "@/lib/foundations/db/unavailable";
import { sharedIndexState } from "@/lib/domain/search/memory/live";

// What /api/health and /api/health/ready report to a load balancer or an orchestrator: this instance can reach its database, and
// the database has every migration this build ships (a web instance started before `npm run db:deploy`
// would otherwise serve queries against tables that are not there yet).

export type Health = {
  ok: boolean;
  database: "reachable" | "unreachable";
  migrations: "current" | "behind" | "unknown";
  /** Migrations this build ships that the database has not applied. */
  pending: string[];
  /** Search's index in memory (lib/domain/search/memory/live.ts); never makes the instance unhealthy: PostgreSQL answers meanwhile. */
  searchIndex: ReturnType<typeof sharedIndexState>;
};

const appliedRows = z.array(z.object({ migration_name: z.string() }));

const SHIPPED = path.join(process.cwd(), "prisma", "migrations");

// A build's migrations do not change while it runs: read once per folder, not on every probe.
const shipped = new Map<string, Promise<string[]>>();

function shippedMigrations(folder: string): Promise<string[]> {
  let names = shipped.get(folder);
  if (!names) {
    names = readdir(folder, { withFileTypes: true }).then((entries) =>
      entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort(),
    );
    shipped.set(folder, names);
    names.catch(() => shipped.delete(folder));
  }
  return names;
}

/** `migrationsFolder`: where this build's migrations are (tests point it elsewhere). */
export async function checkHealth(migrationsFolder = SHIPPED): Promise<Health> {
  let applied: Set<string>;
  try {
    const rows = appliedRows.parse(await db.$queryRaw`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`);
    applied = new Set(rows.map((r) => r.migration_name));
  } catch {
    return { ok: false, database: "unreachable", migrations: "unknown", pending: [], searchIndex: sharedIndexState() };
  }
  const pending = (await shippedMigrations(migrationsFolder)).filter((name) => !applied.has(name));
  return { ok: pending.length === 0, database: "reachable", migrations: pending.length === 0 ? "current" : "behind", pending, searchIndex: sharedIndexState() };
}

/** The readiness answer: 200 with the health when this instance can serve, else 503 (Retry-After while the database is away); never stored. */
export async function healthResponse(): Promise<Response> {
  const health = await checkHealth();
  const headers = health.database === "unreachable" ? databaseUnavailableHeaders() : { "Cache-Control": "no-store" };
  return Response.json(health, { status: health.ok ? 200 : 503, headers });
}
