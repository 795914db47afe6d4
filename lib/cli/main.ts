// The `explore` command line: bin/explore.mjs loads this file through tsx and exits with what main returns.
import { readFile, writeFile } from "node:fs/promises";
import { runValidate, type CliIo } from "./validate-command";

const USAGE = `usage: explore <command> [arguments]

commands:
  validate <file…> [--json] [--out FILE]
                                     check agent.json files against the schema and Explore's rules; an A2A
                                     card, GA4GH entry or A2AWire registration is named and converted
                                     (--out writes the converted agent.json to complete)
  import <file> --owner <email>      validate, import and publish an agent for its owner
  stripe-event <type> --agent @h …   post a signed Stripe event to an agent's webhook (try payments locally)
  announce --agent @h --endpoint <url> --token <t>
                                     announce where an agent's adapter listens (its \${NAME} endpoint)
`;

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
    case "help":
    case "--help":
    case "-h":
      io.stdout(USAGE);
      return command === undefined ? 2 : 0;
    default:
      io.stderr(`explore: unknown command ${command}\n${USAGE}`);
      return 2;
  }
}
