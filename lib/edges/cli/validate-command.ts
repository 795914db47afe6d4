// `explore validate <file…> [--json]`: the publisher's check before importing an agent.json.
import { parseAgentFile } from "@/lib/model/agent-file/parse";
import type { AgentFileError } from "@/lib/model/agent-file/types";
import { convertText, draftTextOf } from "@/lib/domain/formats/convert";
import { foreignJson, foreignReport } from "./foreign-output";
import { VALIDATE_USAGE } from "./usage";

export type CliIo = {
  /** Writes text as given (lines carry their own "\n"). */
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => Promise<string>;
  /** Only `validate --out` writes (the converted agent.json of another format). */
  writeFile?: (path: string, text: string) => Promise<void>;
};

/** 0: every file is valid; 1: some file is invalid; 2: usage error or a file could not be read. */
export async function runValidate(args: string[], io: CliIo): Promise<number> {
  const files: string[] = [];
  let json = false;
  let out: string | null = null;
  let flagsDone = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (!flagsDone && arg === "--") flagsDone = true;
    else if (!flagsDone && arg === "--json") json = true;
    else if (!flagsDone && (arg === "--out" || arg.startsWith("--out="))) {
      const value = arg === "--out" ? args[(i += 1)] : arg.slice("--out=".length);
      if (!value) {
        io.stderr(`explore validate: --out needs a file name\n${VALIDATE_USAGE}`);
        return 2;
      }
      out = value;
    } else if (!flagsDone && arg.startsWith("-") && arg !== "-") {
      io.stderr(`explore validate: unknown option ${arg}\n${VALIDATE_USAGE}`);
      return 2;
    } else files.push(arg);
  }
  if (files.length === 0) {
    io.stderr(`explore validate: no file given\n${VALIDATE_USAGE}`);
    return 2;
  }
  if (out !== null && files.length !== 1) {
    io.stderr(`explore validate: --out converts one file at a time\n${VALIDATE_USAGE}`);
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
    // Another format (A2A card, GA4GH entry, A2AWire registration): what it is, and what it lacks.
    const read = convertText(text);
    if (read.kind === "unknown") {
      anyInvalid = true;
      io.stdout(
        json ? JSON.stringify({ file, valid: false, format: "unknown", errors: [{ path: "", message: read.message }] }) + "\n" : `${file}: ${read.message}\n`,
      );
      continue;
    }
    if (read.kind === "foreign") {
      anyInvalid = true;
      let written: string | null = null;
      if (out !== null && read.conversion.ok) {
        if (!io.writeFile) throw new Error("explore validate: --out needs a writable file system");
        try {
          await io.writeFile(out, draftTextOf(read.conversion.agentFile));
          written = out;
        } catch (error) {
          io.stderr(`explore validate: cannot write ${out}: ${describeReadError(error)}\n`);
          return 2;
        }
      }
      io.stdout(json ? foreignJson(file, read, written) : foreignReport(file, read, written));
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
    if (code === "EEXIST") return "it already exists (Explore does not overwrite files)";
    return error.message;
  }
  return String(error);
}
