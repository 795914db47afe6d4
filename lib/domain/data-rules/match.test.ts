import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DATA_CLASSES, type DataDeclaration } from "@/lib/model/agent-file/types";
import { checkDataRules, matchesDataRules, type DeclaredData } from "./match";
import { EU_COUNTRIES, NO_RULES, PRESETS, type DataRules } from "./rules";

const declaration: DataDeclaration = {
  acceptedDataClasses: ["public", "personal"],
  inputs: { retention: "retained", days: 30, journal: true },
  results: { retention: "retained", days: 14, journal: null },
  executionMetadata: { retentionDays: 90 },
  downstream: {
    retention: "retained",
    days: 7,
    journal: false,
    subprocessors: [{ name: "Example Mail Relay Inc.", purpose: "Delivers mail", region: "US" }],
  },
  usedForTraining: false,
  processingRegions: ["US"],
  deletionOnRequest: true,
  encryptedAtRest: null,
  dpaUrl: null,
};
const euOnly: DataDeclaration = {
  ...declaration,
  inputs: { retention: "none", days: null, journal: null },
  results: { retention: "none", days: null, journal: null },
  downstream: { retention: "none", days: null, journal: null, subprocessors: [{ name: "Cloud SE", purpose: "Hosting", region: "DE" }] },
  processingRegions: ["DE", "FR", "IE"],
  encryptedAtRest: true,
  dpaUrl: "https://example.eu/dpa",
};
const declared = (d: DataDeclaration): DeclaredData => ({ declared: true, declaration: d });

describe("checkDataRules", () => {
  it("says, rule by rule, why a service fails: kept 30 days, the rule allows 7", () => {
    const checks = checkDataRules({ ...NO_RULES, inputsMaxDays: 7, resultsMaxDays: 14 }, declared(declaration));
    expect(checks).toEqual([
      { key: "inputs", rule: "Inputs retained at most 7 days", ok: false, reason: "inputs are kept 30 days; your rule allows 7 days" },
      { key: "results", rule: "Results retained at most 14 days", ok: true, reason: "results are kept 14 days; your rule allows 14 days" },
    ]);
  });

  it("treats journalled inputs as retained, and unstated days as failing a day limit", () => {
    const journalled = { ...euOnly, inputs: { retention: "none" as const, days: null, journal: true } };
    expect(checkDataRules({ ...NO_RULES, inputsMaxDays: 0 }, declared(journalled))[0]).toMatchObject({
      ok: false,
      reason: "inputs are kept, for a time it does not state",
    });
    expect(checkDataRules({ ...NO_RULES, inputsMaxDays: 0 }, declared(euOnly))[0]).toMatchObject({ ok: true, reason: "inputs are not kept" });
  });

  it("matches the presets as their words say", () => {
    expect(matchesDataRules(PRESETS.eu.rules, declared(euOnly))).toBe(true);
    expect(matchesDataRules(PRESETS.strict.rules, declared(euOnly))).toBe(true);
    const eu = checkDataRules(PRESETS.eu.rules, declared(declaration));
    expect(eu.map((c) => [c.key, c.ok, c.reason])).toEqual([
      ["processingRegions", false, "data is processed in US; your rule allows EU countries"],
      ["subprocessorRegions", false, "Example Mail Relay Inc. (US); your rule allows EU countries"],
    ]);
  });

  it("data classes: the service must accept every class I send", () => {
    expect(checkDataRules({ ...NO_RULES, dataClasses: ["personal", "confidential"] }, declared(declaration))[0]).toMatchObject({
      ok: false,
      reason: "it does not accept confidential data",
    });
    expect(matchesDataRules({ ...NO_RULES, dataClasses: ["personal"] }, declared(declaration))).toBe(true);
  });

  it("unknown is never a yes", () => {
    const silent: DataDeclaration = {
      acceptedDataClasses: null,
      inputs: null,
      results: null,
      executionMetadata: null,
      downstream: null,
      usedForTraining: null,
      processingRegions: null,
      deletionOnRequest: null,
      encryptedAtRest: null,
      dpaUrl: null,
    };
    const all: DataRules = { ...PRESETS.strict.rules, regions: ["US"], dataClasses: ["public"], dpa: true };
    const checks = checkDataRules(all, declared(silent));
    expect(checks).toHaveLength(9);
    expect(checks.every((c) => !c.ok)).toBe(true);
  });

  it("data_declared: false matches no rule that demands something, and every rule says so", () => {
    const checks = checkDataRules(PRESETS.strict.rules, { declared: false });
    expect(checks.length).toBeGreaterThan(0);
    for (const c of checks) expect(c).toMatchObject({ ok: false, reason: "the agent does not declare how it handles data" });
    expect(matchesDataRules(NO_RULES, { declared: false })).toBe(true);
  });
});

// ───────────── properties ─────────────

const retentionArb = fc.option(
  fc.record({
    retention: fc.constantFrom("none" as const, "retained" as const, null),
    days: fc.option(fc.integer({ min: 1, max: 3650 }), { nil: null }),
    journal: fc.option(fc.boolean(), { nil: null }),
  }),
  { nil: null },
);
const regionArb = fc.constantFrom("DE", "FR", "IE", "US", "CA", "GB");
const declarationArb: fc.Arbitrary<DataDeclaration> = fc.record({
  acceptedDataClasses: fc.option(fc.subarray([...DATA_CLASSES], { minLength: 1 }), { nil: null }),
  inputs: retentionArb,
  results: retentionArb,
  executionMetadata: fc.constant(null),
  downstream: fc.option(
    fc.record({
      retention: fc.constantFrom("none" as const, "retained" as const, null),
      days: fc.constant(null),
      journal: fc.constant(null),
      subprocessors: fc.array(fc.record({ name: fc.constant("S"), purpose: fc.constant("p"), region: regionArb })),
    }),
    { nil: null },
  ),
  usedForTraining: fc.option(fc.boolean(), { nil: null }),
  processingRegions: fc.option(fc.uniqueArray(regionArb), { nil: null }),
  deletionOnRequest: fc.option(fc.boolean(), { nil: null }),
  encryptedAtRest: fc.option(fc.boolean(), { nil: null }),
  dpaUrl: fc.option(fc.constant("https://x.example/dpa"), { nil: null }),
});
const dataArb: fc.Arbitrary<DeclaredData> = fc.oneof(
  fc.constant<DeclaredData>({ declared: false }),
  declarationArb.map((d): DeclaredData => ({ declared: true, declaration: d })),
);
const rulesArb: fc.Arbitrary<DataRules> = fc.record({
  dataClasses: fc.subarray([...DATA_CLASSES]),
  inputsMaxDays: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  resultsMaxDays: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  noTraining: fc.boolean(),
  regions: fc.oneof(
    fc.uniqueArray(regionArb).map((r): string[] => r),
    fc.constant<string[]>([...EU_COUNTRIES]),
  ),
  deletionOnRequest: fc.boolean(),
  encryptedAtRest: fc.boolean(),
  dpa: fc.boolean(),
});

/** Each rule alone, so a property can talk about "more rules". */
function singleRules(r: DataRules): DataRules[] {
  const out: DataRules[] = [];
  if (r.dataClasses.length) out.push({ ...NO_RULES, dataClasses: r.dataClasses });
  if (r.inputsMaxDays !== null) out.push({ ...NO_RULES, inputsMaxDays: r.inputsMaxDays });
  if (r.resultsMaxDays !== null) out.push({ ...NO_RULES, resultsMaxDays: r.resultsMaxDays });
  if (r.noTraining) out.push({ ...NO_RULES, noTraining: true });
  if (r.regions.length) out.push({ ...NO_RULES, regions: r.regions });
  if (r.deletionOnRequest) out.push({ ...NO_RULES, deletionOnRequest: true });
  if (r.encryptedAtRest) out.push({ ...NO_RULES, encryptedAtRest: true });
  if (r.dpa) out.push({ ...NO_RULES, dpa: true });
  return out;
}

describe("checkDataRules properties", () => {
  it("matching all rules is matching each rule alone", () => {
    fc.assert(
      fc.property(rulesArb, dataArb, (rules, data) => {
        expect(matchesDataRules(rules, data)).toBe(singleRules(rules).every((r) => matchesDataRules(r, data)));
      }),
    );
  });

  it("a laxer day limit never turns a match into a miss", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), declarationArb, (a, b, d) => {
        const [strict, lax] = a <= b ? [a, b] : [b, a];
        for (const key of ["inputsMaxDays", "resultsMaxDays"] as const) {
          if (matchesDataRules({ ...NO_RULES, [key]: strict }, declared(d))) {
            expect(matchesDataRules({ ...NO_RULES, [key]: lax }, declared(d))).toBe(true);
          }
        }
      }),
    );
  });

  it("a wider region set never turns a match into a miss", () => {
    fc.assert(
      fc.property(fc.uniqueArray(regionArb, { minLength: 1 }), fc.uniqueArray(regionArb), declarationArb, (regions, more, d) => {
        if (matchesDataRules({ ...NO_RULES, regions }, declared(d))) {
          expect(matchesDataRules({ ...NO_RULES, regions: [...new Set([...regions, ...more])] }, declared(d))).toBe(true);
        }
      }),
    );
  });

  it("without a declaration exactly the empty rule set matches; every demanding rule gets a ✗ with a reason", () => {
    fc.assert(
      fc.property(rulesArb, (rules) => {
        const checks = checkDataRules(rules, { declared: false });
        expect(checks).toHaveLength(singleRules(rules).length + (rules.regions.length ? 1 : 0));
        expect(checks.every((c) => !c.ok && c.reason.length > 0)).toBe(true);
      }),
    );
  });

  it("a service that declares the best of everything meets every rule", () => {
    const best: DataDeclaration = {
      acceptedDataClasses: [...DATA_CLASSES],
      inputs: { retention: "none", days: null, journal: false },
      results: { retention: "none", days: null, journal: null },
      executionMetadata: null,
      downstream: { retention: "none", days: null, journal: null, subprocessors: [] },
      usedForTraining: false,
      processingRegions: ["DE"],
      deletionOnRequest: true,
      encryptedAtRest: true,
      dpaUrl: "https://x.example/dpa",
    };
    fc.assert(
      fc.property(rulesArb, (rules) => {
        const withDe = rules.regions.length ? { ...rules, regions: [...new Set([...rules.regions, "DE"])] } : rules;
        expect(matchesDataRules(withDe, declared(best))).toBe(true);
      }),
    );
  });
});
