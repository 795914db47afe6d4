import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/accounts/viewer";
import { importAgentFile } from "./import-agent";
import { MAX_AGENT_FILE_BYTES, TOO_LARGE_SUMMARY, tooLargeMessage, type ImportFormState } from "./import-form-state";

const formSchema = z.object({
  text: z
    .string()
    .optional()
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
});

function field(form: FormData, name: string): FormDataEntryValue | undefined {
  return form.get(name) ?? undefined;
}

function invalid(text: string, fieldErrors: { text?: string[]; file?: string[] }, message: string): ImportFormState {
  return { status: "invalid", message, errors: [], fieldErrors, text };
}

/**
 * The import form, for a viewer already known: reads the pasted text or the uploaded file,
 * imports it for the viewer, and answers with what the form shows next.
 */
export async function importAgentFromForm(viewer: Pick<Viewer, "id">, form: FormData): Promise<ImportFormState> {
  const submitted = field(form, "text");
  // Browsers send a textarea's line breaks as CRLF; the person's document (and the browser's size check) has LF.
  const pasted = typeof submitted === "string" ? submitted.replace(/\r\n/g, "\n") : submitted;
  const pastedText = typeof pasted === "string" ? pasted.slice(0, MAX_AGENT_FILE_BYTES) : "";
  const parsed = formSchema.safeParse({ text: pasted, file: field(form, "file"), publish: field(form, "publish") });
  if (!parsed.success) {
    const flat = z.flattenError(parsed.error).fieldErrors;
    const tooLarge = parsed.error.issues.every((issue) => issue.code === "custom");
    return invalid(
      pastedText,
      { ...(flat.text ? { text: flat.text } : {}), ...(flat.file ? { file: flat.file } : {}) },
      tooLarge ? TOO_LARGE_SUMMARY : "The form could not be read; nothing was imported.",
    );
  }

  const { file, publish } = parsed.data;
  const text = file ? await file.text() : (parsed.data.text ?? "");
  if (text.trim() === "") {
    return invalid(text, { text: ["Paste an agent.json or choose a .json file."] }, "There is nothing to import.");
  }

  const result = await importAgentFile({ text, ownerId: viewer.id, publish: publish === "on" });
  if (!result.ok) {
    return { status: "invalid", message: result.message, errors: result.errors, fieldErrors: {}, text };
  }
  const stored = await db.agent.findFirst({
    where: { handle: result.handle, ownerId: viewer.id },
    select: { status: true },
  });
  return {
    status: "imported",
    handle: result.handle,
    replaced: result.replaced,
    published: stored?.status === "published",
    text,
  };
}
