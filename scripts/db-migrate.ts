// npm run db:migrate -- --name <name>   create a migration from the schema diff, and apply it
// npm run db:deploy                     apply committed migrations
import { parseArgs } from "node:util";
import { open, rm, mkdir } from "node:fs/promises";
import path from "node:path";
import { openDatabase, projectRoot } from "./lib/database";
import { createMigration, deployMigrations } from "./lib/migrations";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { name: { type: "string" } } });
const command = positionals[0];

if (command !== "create" && command !== "deploy") {
  console.error("usage: tsx scripts/db-migrate.ts create --name <name> | deploy");
  process.exit(2);
}
if (command === "create" && !/^[a-z0-9_]+$/.test(values.name ?? "")) {
  console.error("db:migrate needs --name with lowercase letters, digits and underscores, e.g. npm run db:migrate -- --name add_reports");
  process.exit(2);
}

// One migration run at a time on this checkout: two creating at once would write overlapping folders.
const lockFile = path.join(projectRoot, ".data/migrate.lock");
await mkdir(path.dirname(lockFile), { recursive: true });
const lock = await open(lockFile, "wx").catch(() => {
  console.error(`another db:migrate or db:deploy is running (remove ${lockFile} if it is not)`);
  process.exit(1);
});

const database = await openDatabase("persistent");
try {
  if (command === "create") {
    const created = await createMigration(database.url, values.name ?? "");
    console.log(created ? `created and applied prisma/migrations/${created}` : "schema and migrations agree: nothing to create");
  } else {
    const applied = await deployMigrations(database.url);
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
  }
} finally {
  await database.close();
  await lock.close();
  await rm(lockFile, { force: true });
}
