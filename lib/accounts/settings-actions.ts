"use server";

import { revalidatePath } from "next/cache";
import { requireViewer } from "./viewer";
import { saveAgeSettings } from "./settings";
import { parseAgeForm, type AgeField } from "./settings-input";

// Age settings writes. Each: who is asking → parse → write keyed by the viewer's own id → revalidate → result.

export type AgeSettingsResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: Partial<Record<AgeField, string[]>> };

export async function saveAgeSettingsAction(_previous: AgeSettingsResult, form: FormData): Promise<AgeSettingsResult> {
  const viewer = await requireViewer("/settings");
  const now = new Date();
  const parsed = parseAgeForm(form, now);
  if (!parsed.ok) return { ok: false, message: "Check your date of birth.", fieldErrors: parsed.fieldErrors };
  const { showMature } = await saveAgeSettings(viewer.id, parsed.input, now);
  // Visibility depends on these two fields: every page may change.
  revalidatePath("/", "layout");
  if (parsed.input.showMature && !showMature) {
    return { ok: true, message: "Saved. 18+ services stay hidden: they are only for adults." };
  }
  return { ok: true, message: showMature ? "Saved. 18+ services are shown." : "Saved." };
}
