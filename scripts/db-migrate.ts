// npm run db:migrate -- --name <name>   create a migration from the schema diff, and apply it
// npm run db:deploy                     apply committed migrations
import { parseArgs } from "node:util";
import { openDatabase } from "./lib/database";
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
}
