#!/usr/bin/env node
// The `explore` command. `validate` runs in this process through tsx. `import` and `stripe-event` need the database:
// it runs under scripts/with-db.ts (DATABASE_URL, or the embedded database of `npm start`, started
// if it is not running) and with the react-server condition its server-only modules require.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

const tsconfig = fileURLToPath(new URL("../tsconfig.json", import.meta.url));
const argv = process.argv.slice(2);

// Asking for a command's usage needs no database: main prints it in this process.
const { helpFor } = await tsImport("../lib/edges/cli/usage.ts", { parentURL: import.meta.url, tsconfig });

if ((argv[0] === "import" || argv[0] === "stripe-event") && helpFor(argv) === null) {
  const tsx = import.meta.resolve("tsx");
  const withDb = fileURLToPath(new URL("../scripts/with-db.ts", import.meta.url));
  const run = fileURLToPath(new URL("../lib/edges/cli/run.ts", import.meta.url));
  const child = spawn(
    process.execPath,
    ["--import", tsx, withDb, "--persistent", process.execPath, "--conditions=react-server", "--import", tsx, run, ...argv],
    { stdio: "inherit", env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig } },
  );
  child.once("exit", (code, signal) => {
    process.exitCode = code ?? (signal ? 1 : 0);
  });
} else {
  const { main } = await tsImport("../lib/edges/cli/main.ts", { parentURL: import.meta.url, tsconfig });
  process.exitCode = await main(argv);
}
