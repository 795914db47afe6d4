// The database a script works on: DATABASE_URL when set, otherwise an embedded PostgreSQL —
// persistent in .data/postgres for `npm start`, throw-away for tests.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env } from "../../lib/env";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { deployMigrations } from "./migrations";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export type Database = { url: string; embedded: boolean; close(): Promise<void> };

export async function openDatabase(kind: "persistent" | "throwaway"): Promise<Database> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, embedded: false, close: async () => {} };
  const dataDir =
    kind === "persistent"
      ? path.join(projectRoot, ".data/postgres")
      : path.join(await mkdtemp(path.join(os.tmpdir(), "explore-test-pg-")), "data");
  const pg = await startEmbeddedPostgres({ dataDir, database: "explore", persistent: kind === "persistent" });
  return {
    url: pg.url,
    embedded: true,
    close: async () => {
      await pg.stop();
      if (kind === "throwaway") await rm(path.dirname(dataDir), { recursive: true, force: true });
    },
  };
}

/** Opens the database and applies committed migrations. */
export async function openMigratedDatabase(kind: "persistent" | "throwaway"): Promise<Database> {
  const database = await openDatabase(kind);
  try {
    const applied = await deployMigrations(database.url);
    if (applied.length > 0) console.log(`applied migrations: ${applied.join(", ")}`);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
