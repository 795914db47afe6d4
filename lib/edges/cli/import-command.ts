import "server-only";
// `explore import <file> --owner <email>`: validate, import and publish through the same function
// as the dashboard. The launcher (bin/explore.mjs) provides DATABASE_URL.
import { parseArgs } from "node:util";
import { z } from "zod";
import { db } from "@/lib/foundations/db/client";
import { importAgentFile } from "@/lib/domain/publishing/import-agent";
import { parseAgentFile } from "@/lib/model/agent-file";
import type { CliIo } from "./validate-command";
import type { AgentFileError } from "@/lib/model/agent-file/types";
import { convertText } from "@/lib/domain/formats/convert";
import { foreignReport } from "./foreign-output";
import { IMPORT_USAGE } from "./usage";

function printRefusal(io: CliIo, file: string, message: string, errors: AgentFileError[]) {
  io.stderr(`${file}: ${message}\n` + errors.map((e) => `  ${e.path || "/"}: ${e.message}\n`).join(""));
}

/** 0: imported; 1: the document or the handle was refused; 2: usage error or unreadable file. */
export async function runImport(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { owner: { type: "string" } } });
  } catch (error) {
    io.stderr(`explore import: ${error instanceof Error ? error.message : "bad arguments"}\n${IMPORT_USAGE}`);
    return 2;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    io.stderr(`explore import: give exactly one file\n${IMPORT_USAGE}`);
    return 2;
  }
  const owner = z.email().safeParse(parsed.values.owner?.trim().toLowerCase());
  if (!owner.success) {
    io.stderr(`explore import: --owner needs the owner's email address\n${IMPORT_USAGE}`);
    return 2;
  }
  let text: string;
  try {
    text = await io.readFile(file);
  } catch {
    io.stderr(`explore import: cannot read ${file}\n`);
    return 2;
  }

  // Another format is never imported as it is: it lacks what agent.json requires (the dashboard opens it as a draft).
  const read = convertText(text);
  if (read.kind === "unknown") {
    io.stderr(`${file}: ${read.message} Nothing was imported.\n`);
    return 1;
  }
  if (read.kind === "foreign") {
    io.stderr(`${file}: nothing was imported.\n` + foreignReport(file, read, null).replace("with --out FILE", `with: explore validate ${file} --out FILE`));
    return 1;
  }
  // An invalid document creates nothing, not even the owner's account.
  const checked = parseAgentFile(text);
  if (!checked.ok) {
    printRefusal(io, file, "the agent.json is invalid; nothing was imported.", checked.errors);
    return 1;
  }
  try {
    return await importFor(io, file, owner.data, text);
  } finally {
    await db.$disconnect();
  }
}

async function importFor(io: CliIo, file: string, email: string, text: string): Promise<number> {
  const user = await db.user.upsert({
    where: { email },
    create: { email },
    update: {},
    select: { id: true },
  });
  const result = await importAgentFile({ text, ownerId: user.id, publish: true });
  if (!result.ok) {
    printRefusal(io, file, result.message, result.errors);
    return 1;
  }
  io.stdout(`${result.replaced ? "replaced" : "imported"} and published ${result.handle} for ${email}\n`);
  return 0;
}
