import "server-only";
import { z } from "zod";
import { findOwnedAgentStatus } from "@/lib/model/catalog/owned-agents";
import type { Viewer } from "@/lib/model/accounts/viewer";
import { importAgentFile } from "./import-agent";
import { openForeignImport } from "@/lib/domain/publishing/foreign-import";
import { fail, fieldErrorsOf, ok, type ActionFailure } from "@/lib/foundations/action-result";
import { submittedText } from "@/lib/foundations/form-fields";
import { MAX_AGENT_FILE_BYTES, TOO_LARGE_SUMMARY, tooLargeMessage, type ImportFormResult, type ImportProblems } from "./import-form-state";

// Browsers send a textarea's line breaks as CRLF; the person's document (and the browser's size check) has LF.
const asWritten = (text: string) => text.replace(/\r\n/g, "\n");

/** The import form: pasted text or an uploaded file, and whether to publish right away. */
export const importFormInput = z.object({
  text: z
    .string()
    .optional()
    .transform((t) => (t === undefined ? undefined : asWritten(t)))
    .superRefine((t, context) => {
      const bytes = t === undefined ? 0 : Buffer.byteLength(t, "utf8");
      if (bytes > MAX_AGENT_FILE_BYTES) context.addIssue({ code: "custom", message: tooLargeMessage("text", bytes) });
    }),
  // An empty file input still submits a nameless, empty File: that counts as no file.
  file: z
    .instanceof(File)
    .optional()
    .transform((f) => (f && f.size > 0 ? f : undefined))
    .superRefine((f, context) => {
      if (f && f.size > MAX_AGENT_FILE_BYTES) context.addIssue({ code: "custom", message: tooLargeMessage("file", f.size) });
    }),
  publish: z.literal("on").optional(),
  /** The handle the publisher answered "Yes, replace it" for. */
  overwrite: z.string().max(40).optional(),
});

export type ImportFormInput = z.output<typeof importFormInput>;

/** The pasted text a refused import keeps in the form, cut to the limit. */
export function keptText(text: string | undefined): string {
  return (text ?? "").slice(0, MAX_AGENT_FILE_BYTES);
}

/** A form that could not be read (too large, above all): its words, keeping what was pasted. */
export function importFormRefusal(error: z.ZodError, submitted: unknown): ActionFailure<ImportProblems> {
  const { text, file } = fieldErrorsOf(error);
  const tooLarge = error.issues.every((issue) => issue.code === "custom");
  return fail(
    tooLarge ? TOO_LARGE_SUMMARY : "The form could not be read; nothing was imported.",
    { ...(text ? { text } : {}), ...(file ? { file } : {}) },
    { errors: [], text: keptText(asWritten(submittedText(submitted, "text"))) },
  );
}

/** The import form, read: imports the pasted text or the uploaded file for the viewer. */
export async function importAgentFromForm(viewer: Pick<Viewer, "id">, input: ImportFormInput): Promise<ImportFormResult> {
  const { file, publish } = input;
  const text = file ? await file.text() : (input.text ?? "");
  if (text.trim() === "") {
    return fail("There is nothing to import.", { text: ["Paste an agent.json or choose a .json file."] }, { errors: [], text });
  }

  // A2A card, GA4GH entry or A2AWire registration: opened as a draft to complete (a redirect), never imported.
  const foreign = await openForeignImport(viewer.id, text);
  if (foreign) return foreign;

  const result = await importAgentFile({
    text,
    ownerId: viewer.id,
    publish: publish === "on",
    askBeforeReplacing: { action: "Importing this document", confirmed: input.overwrite ?? null },
  });
  if (!result.ok)
    return fail(result.message, undefined, { errors: result.errors, text, ...(result.confirm ? { confirm: result.confirm, publish: publish === "on" } : {}) });
  const stored = await findOwnedAgentStatus(viewer.id, result.handle);
  return ok({ handle: result.handle, replaced: result.replaced, published: stored?.status === "published", text });
}
