import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DATA_CLASSES } from "@/lib/model/agent-file/types";
import { EU_COUNTRIES, NO_RULES, PRESETS, normalizeRules, type DataRules } from "./rules";
import { formatRulesParam, parseRulesParam } from "./url";

describe("the rules URL filter", () => {
  it("reads presets and custom tokens", () => {
    expect(parseRulesParam("strict").rules).toEqual(normalizeRules(PRESETS.strict.rules));
    expect(parseRulesParam("eu").rules.regions).toEqual([...EU_COUNTRIES].sort());
    expect(parseRulesParam("inputs-7,classes-personal.confidential,no-training,regions-DE.fr").rules).toEqual({
      ...NO_RULES,
      inputsMaxDays: 7,
      dataClasses: ["confidential", "personal"],
      noTraining: true,
      regions: ["DE", "FR"],
    });
    expect(parseRulesParam("mine").mine).toBe(true);
  });

  it("adds tokens up: the strictest day limit wins, region lists join, junk is ignored", () => {
    const { rules } = parseRulesParam(["inputs-30,inputs-7", "regions-US,eu,bogus,inputs-x,classes-nope"]);
    expect(rules.inputsMaxDays).toBe(7);
    expect(rules.regions).toContain("US");
    expect(rules.regions).toContain("DE");
    expect(rules.dataClasses).toEqual([]);
  });

  it("writes a compact canonical form", () => {
    expect(formatRulesParam(PRESETS.strict.rules)).toBe("inputs-0,results-0,no-training,deletion,encrypted");
    expect(formatRulesParam({ ...PRESETS.eu.rules, regions: [...EU_COUNTRIES, "CH"] })).toBe("regions-eu.CH");
    expect(formatRulesParam(NO_RULES)).toBe("");
  });

  it("round-trips every set of rules", () => {
    const rulesArb: fc.Arbitrary<DataRules> = fc.record({
      dataClasses: fc.subarray([...DATA_CLASSES]),
      inputsMaxDays: fc.option(fc.integer({ min: 0, max: 3650 }), { nil: null }),
      resultsMaxDays: fc.option(fc.integer({ min: 0, max: 3650 }), { nil: null }),
      noTraining: fc.boolean(),
      regions: fc.oneof(fc.uniqueArray(fc.stringMatching(/^[A-Z]{2}$/).filter((r) => r !== "EU")), fc.constant<string[]>([...EU_COUNTRIES, "US"])),
      deletionOnRequest: fc.boolean(),
      encryptedAtRest: fc.boolean(),
      dpa: fc.boolean(),
    });
    fc.assert(
      fc.property(rulesArb, fc.boolean(), (rules, mine) => {
        const text = formatRulesParam(rules, { mine });
        expect(text).toMatch(/^[A-Za-z0-9_.,-]*$/);
        expect(parseRulesParam(text)).toEqual({ rules: normalizeRules(rules), mine });
      }),
    );
  });
});
