// The database a script works on: DATABASE_URL when set, otherwise an embedded PostgreSQL —
// persistent in .data/postgres for `npm start`, throw-away for tests.
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import pg from "pg";
import os from "node:os";
import path from "node:path";
import { env } from "../../lib/foundations/env";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { deployMigrations } from "./migrations";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export type Database = { url: string; embedded: boolean; close(): Promise<void> };

// A running `npm start` leaves its embedded database's URL here, so the CLI can share it.
const runningUrlFile = path.join(projectRoot, ".data/database-url");

async function runningEmbeddedUrl(): Promise<string | null> {
  if (!existsSync(runningUrlFile)) return null;
  const url = (await readFile(runningUrlFile, "utf8")).trim();
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function openDatabase(kind: "persistent" | "throwaway"): Promise<Database> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, embedded: false, close: async () => {} };
  if (kind === "persistent") {
    const shared = await runningEmbeddedUrl();
    if (shared) return { url: shared, embedded: true, close: async () => {} };
  }
  let dataDir = path.join(projectRoot, ".data/postgres");
  if (kind === "throwaway") {
    const parent = await mkdtemp(path.join(os.tmpdir(), "explore-test-pg-"));
    // As root, PostgreSQL runs as its own user, which must be able to enter the folder.
    await chmod(parent, 0o755);
    dataDir = path.join(parent, "data");
  }
  const server = await startEmbeddedPostgres({ dataDir, database: "explore", persistent: kind === "persistent" });
  if (kind === "persistent") await writeFile(runningUrlFile, server.url);
  return {
    url: server.url,
    embedded: true,
    close: async () => {
      if (kind === "persistent") await rm(runningUrlFile, { force: true });
      await server.stop();
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
