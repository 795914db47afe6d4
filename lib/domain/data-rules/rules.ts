import { z } from "zod";
import { DATA_CLASSES, type DataClass } from "@/lib/model/agent-file/types";

// A consumer's data rules (DESIGN.md "data rules"): what they demand of a service's data declaration.
// An empty list, null or false means "no rule" for that part.

export type DataRules = {
  /** The data classes I will send: the service must accept every one. */
  dataClasses: DataClass[];
  /** Inputs kept at most this many days; 0 = not retained at all. */
  inputsMaxDays: number | null;
  /** Results kept at most this many days; 0 = not retained at all. */
  resultsMaxDays: number | null;
  noTraining: boolean;
  /** ISO 3166-1 alpha-2 countries where processing and every subprocessor must be. */
  regions: string[];
  deletionOnRequest: boolean;
  encryptedAtRest: boolean;
  dpa: boolean;
};

export const MAX_RETENTION_DAYS = 3650;

/** The 27 member states of the European Union (ISO 3166-1 alpha-2; Greece is GR). */
export const EU_COUNTRIES: readonly string[] = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
];

export const NO_RULES: DataRules = {
  dataClasses: [],
  inputsMaxDays: null,
  resultsMaxDays: null,
  noTraining: false,
  regions: [],
  deletionOnRequest: false,
  encryptedAtRest: false,
  dpa: false,
};

export const PRESETS = {
  strict: {
    label: "Strict privacy",
    description: "Inputs and results not kept, not used for training, deleted on request, encrypted at rest.",
    rules: { ...NO_RULES, inputsMaxDays: 0, resultsMaxDays: 0, noTraining: true, deletionOnRequest: true, encryptedAtRest: true },
  },
  eu: {
    label: "EU processing only",
    description: "Processed, and handled by subprocessors, only in EU member states.",
    rules: { ...NO_RULES, regions: [...EU_COUNTRIES] },
  },
} as const satisfies Record<string, { label: string; description: string; rules: DataRules }>;

export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES: readonly PresetName[] = ["strict", "eu"];

const region = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Use two-letter country codes such as DE or FR.")
  // "EU" is shorthand for the member states where people type regions, never a stored region.
  .refine((r) => r !== "EU", "EU is not a country: list its countries.");
const days = z.number().int().min(0).max(MAX_RETENTION_DAYS).nullable();

/** The stored form (User.dataRules) — also how rules are validated wherever they come from. */
export const dataRulesSchema = z.object({
  dataClasses: z.array(z.enum(DATA_CLASSES)).default([]),
  inputsMaxDays: days.default(null),
  resultsMaxDays: days.default(null),
  noTraining: z.boolean().default(false),
  regions: z.array(region).default([]),
  deletionOnRequest: z.boolean().default(false),
  encryptedAtRest: z.boolean().default(false),
  dpa: z.boolean().default(false),
});

/** One canonical form: classes in schema order, regions sorted, no duplicates. */
export function normalizeRules(rules: DataRules): DataRules {
  return {
    ...rules,
    dataClasses: DATA_CLASSES.filter((c) => rules.dataClasses.includes(c)),
    regions: [...new Set(rules.regions.map((r) => r.toUpperCase()))].sort(),
  };
}

/** Rules read from storage; anything unreadable is no rules at all. */
export function readStoredRules(value: unknown): DataRules {
  const parsed = dataRulesSchema.safeParse(value ?? {});
  return parsed.success ? normalizeRules(parsed.data) : NO_RULES;
}

export function hasAnyRule(rules: DataRules): boolean {
  return (
    rules.dataClasses.length > 0 ||
    rules.inputsMaxDays !== null ||
    rules.resultsMaxDays !== null ||
    rules.noTraining ||
    rules.regions.length > 0 ||
    rules.deletionOnRequest ||
    rules.encryptedAtRest ||
    rules.dpa
  );
}

export function isEuSet(regions: readonly string[]): boolean {
  return regions.length === EU_COUNTRIES.length && EU_COUNTRIES.every((c) => regions.includes(c));
}
