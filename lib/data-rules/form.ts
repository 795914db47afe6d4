import { z } from "zod";
import { DATA_CLASSES, type DataClass } from "@/lib/agent-file/types";
import { EU_COUNTRIES, MAX_RETENTION_DAYS, NO_RULES, PRESETS, PRESET_NAMES, normalizeRules, type DataRules, type PresetName } from "./rules";

// The settings form's fields → DataRules, with errors per field. Plain form posts, so it works without JavaScript.

export type RulesField = "dataClasses" | "inputs" | "results" | "regions";
export type RulesFormResult = { ok: true; rules: DataRules } | { ok: false; fieldErrors: Partial<Record<RulesField, string[]>> };

const retentionChoice = z.enum(["any", "none", "days"]);

function isPreset(value: string): value is PresetName {
  return PRESET_NAMES.some((p) => p === value);
}

function isDataClass(value: string): value is DataClass {
  return DATA_CLASSES.some((c) => c === value);
}

function readRetention(form: FormData, name: "inputs" | "results"): { days: number | null } | { error: string } {
  const choice = retentionChoice.safeParse(form.get(name) ?? "any");
  if (!choice.success) return { error: "Choose one of the options." };
  if (choice.data === "any") return { days: null };
  if (choice.data === "none") return { days: 0 };
  const raw = String(form.get(`${name}Days`) ?? "").trim();
  const days = z.coerce.number().int().min(1).max(MAX_RETENTION_DAYS).safeParse(raw);
  return days.success && raw !== "" ? { days: days.data } : { error: `Enter a number of days from 1 to ${MAX_RETENTION_DAYS}.` };
}

function readRegions(text: string): { regions: string[] } | { error: string } {
  const regions: string[] = [];
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    const code = token.toUpperCase();
    if (code === "EU") regions.push(...EU_COUNTRIES);
    else if (/^[A-Z]{2}$/.test(code)) regions.push(code);
    else return { error: `"${token}" is not a two-letter country code (such as DE or FR) or EU.` };
  }
  return { regions };
}

/** A preset button replaces the rules; "clear" removes them; otherwise the custom fields are read. */
export function parseRulesForm(form: FormData): RulesFormResult {
  const preset = String(form.get("preset") ?? "");
  if (preset === "clear") return { ok: true, rules: NO_RULES };
  if (isPreset(preset)) return { ok: true, rules: normalizeRules(PRESETS[preset].rules) };

  const fieldErrors: Partial<Record<RulesField, string[]>> = {};
  const classes = form.getAll("dataClasses").map(String);
  if (!classes.every(isDataClass)) fieldErrors.dataClasses = ["Choose from the listed data classes."];
  const inputs = readRetention(form, "inputs");
  if ("error" in inputs) fieldErrors.inputs = [inputs.error];
  const results = readRetention(form, "results");
  if ("error" in results) fieldErrors.results = [results.error];
  const regions = readRegions(String(form.get("regions") ?? ""));
  if ("error" in regions) fieldErrors.regions = [regions.error];
  if ("error" in inputs || "error" in results || "error" in regions || fieldErrors.dataClasses) return { ok: false, fieldErrors };

  return {
    ok: true,
    rules: normalizeRules({
      dataClasses: classes.filter(isDataClass),
      inputsMaxDays: inputs.days,
      resultsMaxDays: results.days,
      noTraining: form.get("noTraining") === "on",
      regions: regions.regions,
      deletionOnRequest: form.get("deletionOnRequest") === "on",
      encryptedAtRest: form.get("encryptedAtRest") === "on",
      dpa: form.get("dpa") === "on",
    }),
  };
}

/** Regions as the form shows them: "EU" for the full member-state set, then any others. */
export function regionsFieldValue(regions: readonly string[]): string {
  const hasEu = EU_COUNTRIES.every((c) => regions.includes(c));
  return (hasEu ? ["EU", ...regions.filter((r) => !EU_COUNTRIES.includes(r))] : [...regions]).join(", ");
}
