// tsx scripts/with-db.ts [--persistent] <command> [args…]
// Runs a command with DATABASE_URL pointing at a migrated database: the one in DATABASE_URL when
// set, otherwise an embedded PostgreSQL (throw-away, or .data/postgres with --persistent).
import { openMigratedDatabase } from "./lib/database";
import { run } from "./lib/children";

const args = process.argv.slice(2);
const persistent = args[0] === "--persistent";
const [command, ...rest] = persistent ? args.slice(1) : args;
if (!command) {
  console.error("usage: tsx scripts/with-db.ts [--persistent] <command> [args…]");
  process.exit(2);
}

const database = await openMigratedDatabase(persistent ? "persistent" : "throwaway");
let code = 1;
try {
  // The caller's folder, so relative paths in the command's arguments mean what they said.
  code = await run(command, rest, { DATABASE_URL: database.url }, process.cwd());
} finally {
  await database.close();
}
process.exit(code);
