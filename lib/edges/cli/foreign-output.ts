// What the CLI says of a document in another format (lib/domain/formats): which format it is, and either its
// problems at their paths in that document, or what the converted agent.json still needs, path by path.
import type { ReadDocument } from "@/lib/domain/formats/convert";
import { FORMAT_NAMES } from "@/lib/domain/formats/foreign";

type Foreign = Extract<ReadDocument, { kind: "foreign" }>;

function article(name: string): string {
  return /^[AEIOU]/.test(name) ? "an" : "a";
}

/** The lines for a foreign document, each ending in "\n". */
export function foreignReport(file: string, read: Foreign, written: string | null): string {
  const { conversion } = read;
  const name = FORMAT_NAMES[conversion.format];
  if (!conversion.ok) {
    return (
      `${file}: ${article(name)} ${name}, not an agent.json; it cannot be converted:\n` +
      conversion.problems.map((p) => `  ${p.path || "(the document)"}: ${p.message}\n`).join("")
    );
  }
  const lines = [
    `${file}: ${article(name)} ${name}, not an agent.json; converted, with ${conversion.toComplete.length} field${conversion.toComplete.length === 1 ? "" : "s"} to complete:`,
  ];
  for (const t of conversion.toComplete) lines.push(`  ${t.path}: ${t.why}`);
  if (conversion.notes.length > 0) {
    lines.push("  notes:");
    for (const n of conversion.notes) lines.push(`    - ${n}`);
  }
  lines.push(
    written === null
      ? "  Write the converted agent.json with --out FILE, complete it, then validate and import that file (or paste the document into the dashboard's import, which opens it in the editor)."
      : `  The converted agent.json was written to ${written}; complete it, then validate and import it.`,
  );
  return lines.map((l) => `${l}\n`).join("");
}

/** For --json: one line per file, as for an agent.json, with the format and what to complete. */
export function foreignJson(file: string, read: Foreign, written: string | null): string {
  const { conversion } = read;
  return (
    JSON.stringify({
      file,
      valid: false,
      format: conversion.format,
      errors: conversion.ok ? [] : conversion.problems,
      to_complete: conversion.ok ? conversion.toComplete : [],
      notes: conversion.ok ? conversion.notes : [],
      written,
    }) + "\n"
  );
}
