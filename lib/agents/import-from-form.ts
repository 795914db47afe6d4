import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import type { Viewer } from "@/lib/accounts/viewer";
import { importAgentFile } from "./import-agent";
import { MAX_AGENT_FILE_BYTES, type ImportFormState } from "./import-form-state";

const tooLarge = `The agent.json is larger than ${MAX_AGENT_FILE_BYTES / 1024} KB.`;

const formSchema = z.object({
  text: z
    .string()
    .optional()
    .refine((t) => t === undefined || Buffer.byteLength(t, "utf8") <= MAX_AGENT_FILE_BYTES, tooLarge),
  // An empty file input still submits a nameless, empty File: that counts as no file.
  file: z
    .instanceof(File)
    .optional()
    .transform((f) => (f && f.size > 0 ? f : undefined))
    .refine((f) => f === undefined || f.size <= MAX_AGENT_FILE_BYTES, tooLarge),
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
  const pasted = field(form, "text");
  const pastedText = typeof pasted === "string" ? pasted.slice(0, MAX_AGENT_FILE_BYTES) : "";
  const parsed = formSchema.safeParse({ text: pasted, file: field(form, "file"), publish: field(form, "publish") });
  if (!parsed.success) {
    const flat = z.flattenError(parsed.error).fieldErrors;
    return invalid(
      pastedText,
      { ...(flat.text ? { text: flat.text } : {}), ...(flat.file ? { file: flat.file } : {}) },
      "The form could not be read; nothing was imported.",
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
