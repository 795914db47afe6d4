"use server";

import { revalidatePath } from "next/cache";
import { parseRulesForm, type RulesField } from "@/lib/data-rules/form";
import { requireViewer } from "./viewer";
import { saveAgeSettings, saveDataRules } from "./settings";
import { parseAgeForm, type AgeField } from "./settings-input";

// Settings writes. Each: who is asking → parse → write keyed by the viewer's own id → revalidate → result.

export type SettingsResult<F extends string> =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: Partial<Record<F, string[]>> };

export type AgeSettingsResult = SettingsResult<AgeField>;
export type DataRulesResult = SettingsResult<RulesField>;

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

export async function saveDataRulesAction(_previous: DataRulesResult, form: FormData): Promise<DataRulesResult> {
  const viewer = await requireViewer("/settings");
  const parsed = parseRulesForm(form);
  if (!parsed.ok) return { ok: false, message: "Check the highlighted rules.", fieldErrors: parsed.fieldErrors };
  await saveDataRules(viewer.id, parsed.rules);
  revalidatePath("/settings");
  return { ok: true, message: "Your data rules are saved." };
}
