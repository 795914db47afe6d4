// Prisma migrations without Prisma's native schema engine (which cannot be downloaded here):
// the same engine compiled to WebAssembly, talking to PostgreSQL through the pg driver adapter.
// The folders it reads and writes are ordinary Prisma migrations.
import { readFile, readdir, mkdir, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm";

const root = path.resolve(import.meta.dirname, "../..");
const schemaPath = path.join(root, "prisma/schema.prisma");
const migrationsDir = path.join(root, "prisma/migrations");
const noFilter = { externalTables: [], externalEnums: [] };

/**
 * Where the schema, the migrations and the engine's wasm are: this checkout's by default; the bundled migration
 * runner (deploy/build-worker.sh) carries copies beside itself.
 */
export type MigrationFiles = { schemaPath: string; migrationsDir: string; wasmPath?: string };
const checkout: MigrationFiles = { schemaPath, migrationsDir };

let wasmReady: Promise<void> | undefined;

// The wasm bindings are wired up by hand from the package's bytes, so loading does not depend on whether this
// Node imports .wasm modules.
function loadWasm(files: MigrationFiles): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = files.wasmPath ?? path.join(path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")), "schema_engine_bg.wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), { "./schema_engine_bg.js": bg });
    bg.__wbg_set_wasm(instance.exports);
    const start = instance.exports.__wbindgen_start;
    if (typeof start === "function") start();
  })();
  return wasmReady;
}

function poolConfig(url: string) {
  // Explicit fields, not a connection string: the shadow database overrides `database`,
  // which a connection string would silently win over.
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: u.pathname.replace(/^\//, ""),
  };
}

async function openEngine(url: string, files: MigrationFiles = checkout): Promise<SchemaEngine> {
  await loadWasm(files);
  const datamodel = await readFile(files.schemaPath, "utf8");
  const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPg(poolConfig(url)));
  return bg.SchemaEngine.new({ datamodels: [[files.schemaPath, datamodel]] }, () => {}, adapter);
}

async function listMigrations({ migrationsDir }: MigrationFiles): Promise<MigrationList> {
  const dirs = existsSync(migrationsDir)
    ? (await readdir(migrationsDir, { withFileTypes: true }))
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? await readFile(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      dirs.map(async (name) => {
        const file = path.join(migrationsDir, name, "migration.sql");
        const content = existsSync(file) ? { tag: "ok" as const, value: await readFile(file, "utf8") } : { tag: "error" as const, value: `${file} is missing` };
        return { path: name, migrationFile: { path: "migration.sql", content } };
      }),
    ),
  };
}

/** Applies every committed migration not yet applied. Returns the names applied. */
export async function deployMigrations(url: string, files: MigrationFiles = checkout): Promise<string[]> {
  const engine = await openEngine(url, files);
  try {
    const out = await engine.applyMigrations({ migrationsList: await listMigrations(files), filters: noFilter });
    return out.appliedMigrationNames;
  } finally {
    engine.free();
  }
}

/** The SQL that would bring a database at the committed migrations to the schema ("" when none). */
export async function pendingSchemaChanges(url: string): Promise<string> {
  const engine = await openEngine(url);
  try {
    const files = [{ path: schemaPath, content: await readFile(schemaPath, "utf8") }];
    const out = await engine.diff({
      from: { tag: "schemaDatasource", files, configDir: root },
      to: { tag: "schemaDatamodel", files },
      script: true,
      exitCode: null,
      filters: noFilter,
    });
    const script = out.stdout ?? "";
    return /\S/.test(script.replace(/^--.*$/gm, "")) ? script : "";
  } finally {
    engine.free();
  }
}

/**
 * Writes a new migration folder from the difference between the migrated database and the schema,
 * then applies it. The database is first brought up to the committed migrations, so it stands in
 * for the shadow database the native engine would use (the wasm engine cannot create one here).
 */
export async function createMigration(url: string, name: string): Promise<string | null> {
  await deployMigrations(url);
  const script = await pendingSchemaChanges(url);
  if (script === "") return null;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const folder = `${stamp}_${name}`;
  await mkdir(path.join(migrationsDir, folder), { recursive: true });
  await writeFile(path.join(migrationsDir, folder, "migration.sql"), script);
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  if (!existsSync(lockPath)) {
    await writeFile(
      lockPath,
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n`,
    );
  }
  await deployMigrations(url);
  return folder;
}
