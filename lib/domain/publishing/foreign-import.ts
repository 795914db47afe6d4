import "server-only";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { fail } from "@/lib/foundations/action-result";
import type { ImportFormResult } from "@/lib/domain/publishing/import-form-state";
import { convertText } from "@/lib/domain/formats/convert";
import { FORMAT_NAMES } from "@/lib/domain/formats/foreign";
import { draftPath } from "./draft-paths";
import { openImportedDraft } from "./imported-drafts";

// The import form's other formats: a document in one of them is converted and opened as a draft in the
// editor (its banner lists what to complete), since it lacks what agent.json requires. Nothing is imported.

/** Null for an agent.json (the import goes on); a refusal in words; or a redirect to the new draft. */
export async function openForeignImport(ownerId: string, text: string): Promise<ImportFormResult | null> {
  const read = convertText(text);
  if (read.kind === "agent_json") return null;
  if (read.kind === "unknown") return fail(`${read.message} Nothing was imported.`, undefined, { errors: [], text });
  const { conversion } = read;
  const name = FORMAT_NAMES[conversion.format];
  if (!conversion.ok) {
    const n = conversion.problems.length;
    return fail(`This ${name} has ${n} problem${n === 1 ? "" : "s"}; no draft was made.`, undefined, {
      // The paths are the source document's own ("capability_manifest[0].name"), as its author wrote it.
      errors: conversion.problems.map((p) => ({ path: p.path, message: p.message })),
      text,
      format: conversion.format,
    });
  }
  const opened = await openImportedDraft(ownerId, conversion, read.registry);
  if (!opened.ok) return fail(opened.message, undefined, { errors: [], text });
  revalidatePath("/dashboard/drafts");
  redirect(draftPath(opened.id));
}
