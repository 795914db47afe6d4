import { describe, expect, it } from "vitest";
import { fieldErrorsOf, type FieldErrors } from "@/lib/foundations/action-result";
import { formFields } from "@/lib/foundations/form-fields";
import { NO_RULES, PRESETS, normalizeRules, type DataRules } from "./rules";
import { regionsFieldValue, rulesFormInput } from "./form";

function form(entries: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

/** The rules form as the action's wrapper parses it. */
function parseRulesForm(submitted: FormData): { ok: true; rules: DataRules } | { ok: false; fieldErrors: FieldErrors } {
  const parsed = rulesFormInput.safeParse(formFields(submitted));
  return parsed.success ? { ok: true, rules: parsed.data } : { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
}

describe("the data rules form", () => {
  it("applies a preset, or clears", () => {
    expect(
      parseRulesForm(
        form([
          ["preset", "strict"],
          ["inputs", "days"],
        ]),
      ),
    ).toEqual({ ok: true, rules: normalizeRules(PRESETS.strict.rules) });
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
    expect(result.ok && result.rules.deletionOnRequest).toBe(false);
    expect(result.ok && regionsFieldValue(result.rules.regions)).toBe("EU, CH");
  });

  it("reads every checked data class", () => {
    const result = parseRulesForm(
      form([
        ["dataClasses", "personal"],
        ["dataClasses", "confidential"],
      ]),
    );
    expect(result.ok && [...result.rules.dataClasses].sort()).toEqual(["confidential", "personal"]);
    expect(
      parseRulesForm(
        form([
          ["dataClasses", "personal"],
          ["dataClasses", "secret"],
        ]),
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { dataClasses: ["Choose from the listed data classes."] },
    });
  });

  it("explains bad fields", () => {
    const result = parseRulesForm(
      form([
        ["inputs", "days"],
        ["inputsDays", "0"],
        ["regions", "Germany"],
      ]),
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        inputs: ["Enter a number of days from 1 to 3650."],
        regions: ['"Germany" is not a two-letter country code (such as DE or FR) or EU.'],
      },
    });
  });
});
