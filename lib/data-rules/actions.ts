"use server";

import { revalidatePath } from "next/cache";
import { requireViewer } from "@/lib/accounts/viewer";
import { parseRulesForm, type RulesField } from "./form";
import { saveDataRules } from "./queries";

// The consumer's data rules, saved from settings: who is asking → parse → write keyed by the viewer's own id
// → revalidate → result.

export type DataRulesResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: Partial<Record<RulesField, string[]>> };

export async function saveDataRulesAction(_previous: DataRulesResult, form: FormData): Promise<DataRulesResult> {
  const viewer = await requireViewer("/settings");
  const parsed = parseRulesForm(form);
  if (!parsed.ok) return { ok: false, message: "Check the highlighted rules.", fieldErrors: parsed.fieldErrors };
  await saveDataRules(viewer.id, parsed.rules);
  revalidatePath("/settings");
  return { ok: true, message: "Your data rules are saved." };
}
