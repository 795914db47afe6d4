import { DATA_CLASSES, type DataClass } from "@/lib/model/agent-file/types";
import { EU_COUNTRIES, MAX_RETENTION_DAYS, NO_RULES, PRESETS, isEuSet, normalizeRules, type DataRules } from "./rules";

// Data rules as a URL filter, so signed-out visitors can apply them too. One query parameter,
// `rules`, holding comma-separated tokens (only URL-safe characters inside a token):
//
//   strict | eu                       a preset ("Strict privacy", "EU processing only")
//   mine                              the signed-in viewer's saved rules
//   classes-personal.confidential     data classes I will send (dot-separated)
//   inputs-0 | inputs-7               inputs not retained | retained at most 7 days
//   results-0 | results-30            the same for results
//   no-training · deletion · encrypted · dpa
//   regions-eu | regions-DE.FR        processing and subprocessors only there (`eu` = the 27 EU states)
//
// e.g. /?rules=strict,regions-eu  or  /?rules=inputs-7,classes-personal
// Tokens add up (the strictest day limit wins; region lists join); unknown tokens are ignored.

export const RULES_PARAM = "rules";

export type ParsedRulesParam = { rules: DataRules; mine: boolean };

function daysToken(value: string): number | null {
  if (!/^\d{1,4}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_RETENTION_DAYS ? n : null;
}

const minDays = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

function isDataClass(value: string): value is DataClass {
  return DATA_CLASSES.some((c) => c === value);
}

export function parseRulesParam(value: string | string[] | undefined | null): ParsedRulesParam {
  const raw = Array.isArray(value) ? value.join(",") : (value ?? "");
  let rules: DataRules = { ...NO_RULES };
  let mine = false;
  const add = (more: Partial<DataRules>) => {
    rules = {
      dataClasses: [...rules.dataClasses, ...(more.dataClasses ?? [])],
      inputsMaxDays: minDays(rules.inputsMaxDays, more.inputsMaxDays ?? null),
      resultsMaxDays: minDays(rules.resultsMaxDays, more.resultsMaxDays ?? null),
      noTraining: rules.noTraining || more.noTraining === true,
      regions: [...rules.regions, ...(more.regions ?? [])],
      deletionOnRequest: rules.deletionOnRequest || more.deletionOnRequest === true,
      encryptedAtRest: rules.encryptedAtRest || more.encryptedAtRest === true,
      dpa: rules.dpa || more.dpa === true,
    };
  };
  for (const token of raw
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean)) {
    const dash = token.indexOf("-");
    const [name, arg] = dash === -1 ? [token, ""] : [token.slice(0, dash), token.slice(dash + 1)];
    switch (name) {
      case "strict":
      case "eu":
        add(PRESETS[name].rules);
        break;
      case "mine":
        mine = true;
        break;
      case "classes":
        add({ dataClasses: arg.split(".").filter(isDataClass) });
        break;
      case "inputs":
        add({ inputsMaxDays: daysToken(arg) });
        break;
      case "results":
        add({ resultsMaxDays: daysToken(arg) });
        break;
      case "no":
        if (arg === "training") add({ noTraining: true });
        break;
      case "deletion":
        add({ deletionOnRequest: true });
        break;
      case "encrypted":
        add({ encryptedAtRest: true });
        break;
      case "dpa":
        add({ dpa: true });
        break;
      case "regions":
        for (const r of arg.split(".")) {
          if (r.toLowerCase() === "eu") add({ regions: [...EU_COUNTRIES] });
          else if (/^[A-Za-z]{2}$/.test(r)) add({ regions: [r.toUpperCase()] });
        }
        break;
    }
  }
  return { rules: normalizeRules(rules), mine };
}

/** The canonical `rules` value for a set of rules ("" when there are none). */
export function formatRulesParam(input: DataRules, options: { mine?: boolean } = {}): string {
  const rules = normalizeRules(input);
  const tokens: string[] = [];
  if (options.mine) tokens.push("mine");
  if (rules.dataClasses.length > 0) tokens.push(`classes-${rules.dataClasses.join(".")}`);
  if (rules.inputsMaxDays !== null) tokens.push(`inputs-${rules.inputsMaxDays}`);
  if (rules.resultsMaxDays !== null) tokens.push(`results-${rules.resultsMaxDays}`);
  if (rules.noTraining) tokens.push("no-training");
  if (rules.deletionOnRequest) tokens.push("deletion");
  if (rules.encryptedAtRest) tokens.push("encrypted");
  if (rules.dpa) tokens.push("dpa");
  if (rules.regions.length > 0) {
    const extra = rules.regions.filter((r) => !EU_COUNTRIES.includes(r));
    const hasEu = EU_COUNTRIES.every((c) => rules.regions.includes(c));
    tokens.push(`regions-${hasEu ? ["eu", ...extra].join(".") : rules.regions.join(".")}`);
  }
  return tokens.join(",");
}

export { isEuSet };
