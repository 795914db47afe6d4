import { z } from "zod";
import { DATA_CLASSES, type DataClass } from "@/lib/model/agent-file/types";
import { EU_COUNTRIES, MAX_RETENTION_DAYS, NO_RULES, PRESETS, PRESET_NAMES, normalizeRules, type DataRules, type PresetName } from "./rules";

// The settings form's fields → DataRules, with errors per field. Plain form posts, so it works without JavaScript.

type RulesField = "dataClasses" | "inputs" | "results" | "regions";

const retentionChoice = z.enum(["any", "none", "days"]);
const text = z.string().optional();
// One checked box arrives as a value, several as a list.
const checked = z.union([z.string(), z.array(z.string())]).optional();

function isPreset(value: string): value is PresetName {
  return PRESET_NAMES.some((p) => p === value);
}

function isDataClass(value: string): value is DataClass {
  return DATA_CLASSES.some((c) => c === value);
}

function readRetention(choiceText: string | undefined, daysText: string | undefined): { days: number | null } | { error: string } {
  const choice = retentionChoice.safeParse(choiceText ?? "any");
  if (!choice.success) return { error: "Choose one of the options." };
  if (choice.data === "any") return { days: null };
  if (choice.data === "none") return { days: 0 };
  const raw = (daysText ?? "").trim();
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
export const rulesFormInput = z
  .object({
    preset: text,
    dataClasses: checked,
    inputs: text,
    inputsDays: text,
    results: text,
    resultsDays: text,
    regions: text,
    noTraining: text,
    deletionOnRequest: text,
    encryptedAtRest: text,
    dpa: text,
  })
  .transform((form, context): DataRules => {
    const preset = form.preset ?? "";
    if (preset === "clear") return NO_RULES;
    if (isPreset(preset)) return normalizeRules(PRESETS[preset].rules);

    const problem = (field: RulesField, message: string) => context.addIssue({ code: "custom", path: [field], message });
    const classes = form.dataClasses === undefined ? [] : [form.dataClasses].flat();
    const knownClasses = classes.every(isDataClass);
    if (!knownClasses) problem("dataClasses", "Choose from the listed data classes.");
    const inputs = readRetention(form.inputs, form.inputsDays);
    if ("error" in inputs) problem("inputs", inputs.error);
    const results = readRetention(form.results, form.resultsDays);
    if ("error" in results) problem("results", results.error);
    const regions = readRegions(form.regions ?? "");
    if ("error" in regions) problem("regions", regions.error);
    if ("error" in inputs || "error" in results || "error" in regions || !knownClasses) return z.NEVER;

    return normalizeRules({
      dataClasses: classes.filter(isDataClass),
      inputsMaxDays: inputs.days,
      resultsMaxDays: results.days,
      noTraining: form.noTraining === "on",
      regions: regions.regions,
      deletionOnRequest: form.deletionOnRequest === "on",
      encryptedAtRest: form.encryptedAtRest === "on",
      dpa: form.dpa === "on",
    });
  });

/** Regions as the form shows them: "EU" for the full member-state set, then any others. */
export function regionsFieldValue(regions: readonly string[]): string {
  const hasEu = EU_COUNTRIES.every((c) => regions.includes(c));
  return (hasEu ? ["EU", ...regions.filter((r) => !EU_COUNTRIES.includes(r))] : [...regions]).join(", ");
}
