// The `explore` command line: bin/explore.mjs loads this file through tsx and exits with what main returns.
import { readFile, writeFile } from "node:fs/promises";
import { helpFor, USAGE } from "./usage";
import { runValidate, type CliIo } from "./validate-command";

export function processIo(): CliIo {
  return {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    readFile: (path) => readFile(path, "utf8"),
    writeFile: (path, text) => writeFile(path, text, { encoding: "utf8", flag: "wx" }),
  };
}

/** Runs one command; the result is the process exit code. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  // Before any command module loads: --help needs neither the database nor a valid command line.
  const help = helpFor(argv);
  if (help !== null) {
    io.stdout(help);
    return 0;
  }
  const [command, ...args] = argv;
  switch (command) {
    case "validate":
      return runValidate(args, io);
    case "import": {
      // Loaded only here: it needs the database, which `validate` must not.
      const { runImport } = await import("./import-command");
      return runImport(args, io);
    }
    case "announce": {
      const { runAnnounce } = await import("./announce-command");
      return runAnnounce(args, io);
    }
    case "stripe-event": {
      const { runStripeEvent } = await import("./stripe-event-command");
      return runStripeEvent(args, io);
    }
    case undefined:
      io.stdout(USAGE);
      return 2;
    default:
      io.stderr(`explore: unknown command ${command}\n${USAGE}`);
      return 2;
  }
}
