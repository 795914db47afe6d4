"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireViewer } from "@/lib/accounts/viewer";
import { consume } from "@/lib/rate-limits/rate-limit";
import { importAgentFromForm } from "./import-from-form";
import { MAX_AGENT_FILE_BYTES, type ImportFormState } from "./import-form-state";
import { setAgentPublished, type PublishResult } from "./publishing";

// The dashboard's writes. Each: who is asking → parse → act (ownership inside the write) → revalidate → result.

function revalidateListings() {
  revalidatePath("/dashboard");
  revalidatePath("/");
  revalidatePath("/(explore)/agents/[handle]", "page");
  revalidatePath("/(explore)/services/[handle]/[capabilityId]", "page");
}

export async function importAgentAction(_prev: ImportFormState, form: FormData): Promise<ImportFormState> {
  const viewer = await requireViewer("/dashboard/import");
  const limit = await consume("imports", viewer.id);
  if (!limit.ok) {
    // The pasted document stays in the form, to import once the wait is over.
    const pasted = form.get("text");
    const text = typeof pasted === "string" ? pasted.slice(0, MAX_AGENT_FILE_BYTES) : "";
    return { status: "invalid", message: limit.message, errors: [], fieldErrors: {}, text };
  }
  const state = await importAgentFromForm(viewer, form);
  if (state.status === "imported") revalidateListings();
  return state;
}

const publishInput = z.object({ handle: z.string().min(2).max(40) });

async function setPublished(form: FormData, published: boolean): Promise<PublishResult> {
  const viewer = await requireViewer("/dashboard");
  const input = publishInput.safeParse({ handle: form.get("handle") });
  if (!input.success) return { ok: false, message: "No agent was named." };
  const result = await setAgentPublished(viewer, input.data.handle, published);
  if (result.ok) revalidateListings();
  return result;
}

export async function publishAgentAction(_prev: PublishResult | null, form: FormData): Promise<PublishResult> {
  return setPublished(form, true);
}

export async function unpublishAgentAction(_prev: PublishResult | null, form: FormData): Promise<PublishResult> {
  return setPublished(form, false);
}
