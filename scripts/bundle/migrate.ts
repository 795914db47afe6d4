// The production migration runner: the entry of dist/migrate.mjs (deploy/build-worker.sh), run by deploy/migrate.sh.
// It applies the committed migrations to DATABASE_URL and nothing else: no embedded PostgreSQL, no Prisma CLI. The
// schema, the migrations and the schema engine's wasm are copied beside the bundle, and read from there.
import path from "node:path";
import { requireDatabaseUrl } from "../../lib/foundations/env";
import { log } from "../../lib/foundations/log";
import { deployMigrations } from "../lib/migrations";

const here = import.meta.dirname;
const applied = await deployMigrations(requireDatabaseUrl(), {
  schemaPath: path.join(here, "prisma/schema.prisma"),
  migrationsDir: path.join(here, "prisma/migrations"),
  wasmPath: path.join(here, "schema_engine_bg.wasm"),
});
log.info(applied.length > 0 ? "migrations applied" : "the database is up to date", { applied });
