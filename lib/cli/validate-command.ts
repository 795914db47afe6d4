// `explore validate <file…> [--json]`: the publisher's check before importing an agent.json.
import { parseAgentFile } from "../agent-file/parse";
import type { AgentFileError } from "../agent-file/types";

export type CliIo = {
  /** Writes text as given (lines carry their own "\n"). */
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => Promise<string>;
};

export const VALIDATE_USAGE = "usage: explore validate <file…> [--json]\n";

/** 0: every file is valid; 1: some file is invalid; 2: usage error or a file could not be read. */
export async function runValidate(args: string[], io: CliIo): Promise<number> {
  const files: string[] = [];
  let json = false;
  let flagsDone = false;
  for (const arg of args) {
    if (!flagsDone && arg === "--") flagsDone = true;
    else if (!flagsDone && arg === "--json") json = true;
    else if (!flagsDone && (arg === "--help" || arg === "-h")) {
      io.stdout(VALIDATE_USAGE);
      return 0;
    } else if (!flagsDone && arg.startsWith("-") && arg !== "-") {
      io.stderr(`explore validate: unknown option ${arg}\n${VALIDATE_USAGE}`);
      return 2;
    } else files.push(arg);
  }
  if (files.length === 0) {
    io.stderr(`explore validate: no file given\n${VALIDATE_USAGE}`);
    return 2;
  }

  let anyInvalid = false;
  let anyUnreadable = false;
  for (const file of files) {
    let text: string;
    try {
      text = await io.readFile(file);
    } catch (error) {
      anyUnreadable = true;
      io.stderr(`explore validate: cannot read ${file}: ${describeReadError(error)}\n`);
      continue;
    }
    const result = parseAgentFile(text);
    const errors: AgentFileError[] = result.ok ? [] : result.errors;
    if (!result.ok) anyInvalid = true;
    if (json) {
      io.stdout(JSON.stringify({ file, valid: result.ok, errors }) + "\n");
    } else if (result.ok) {
      io.stdout(`${file}: ok\n`);
    } else {
      io.stdout(`${file}:\n` + errors.map((e) => `  ${e.path === "" ? "/" : e.path}: ${e.message}\n`).join(""));
    }
  }
  if (anyUnreadable) return 2;
  return anyInvalid ? 1 : 0;
}

function describeReadError(error: unknown): string {
  if (error instanceof Error) {
    const code: unknown = Reflect.get(error, "code");
    if (code === "ENOENT") return "no such file";
    if (code === "EISDIR") return "it is a directory";
    if (code === "EACCES") return "permission denied";
    return error.message;
  }
  return String(error);
}
