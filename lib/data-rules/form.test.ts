import { describe, expect, it } from "vitest";
import { NO_RULES, PRESETS, normalizeRules } from "./rules";
import { parseRulesForm, regionsFieldValue } from "./form";

function form(entries: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("parseRulesForm", () => {
  it("applies a preset, or clears", () => {
    expect(parseRulesForm(form([["preset", "strict"], ["inputs", "days"]]))).toEqual({ ok: true, rules: normalizeRules(PRESETS.strict.rules) });
    expect(parseRulesForm(form([["preset", "clear"]]))).toEqual({ ok: true, rules: NO_RULES });
  });

  it("reads custom rules", () => {
    const result = parseRulesForm(
      form([
        ["dataClasses", "personal"],
        ["inputs", "days"],
        ["inputsDays", "7"],
        ["results", "none"],
        ["noTraining", "on"],
        ["regions", "eu, ch"],
        ["dpa", "on"],
      ]),
    );
    expect(result.ok && result.rules).toMatchObject({ dataClasses: ["personal"], inputsMaxDays: 7, resultsMaxDays: 0, noTraining: true, dpa: true });
    expect(result.ok && regionsFieldValue(result.rules.regions)).toBe("EU, CH");
  });

  it("explains bad fields", () => {
    const result = parseRulesForm(form([["inputs", "days"], ["inputsDays", "0"], ["regions", "Germany"]]));
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        inputs: ["Enter a number of days from 1 to 3650."],
        regions: ['"Germany" is not a two-letter country code (such as DE or FR) or EU.'],
      },
    });
  });
});
