import type { DataDeclaration } from "@/lib/model/agent-file/types";
import { isEuSet, type DataRules } from "./rules";

// THE data-rule matching: one pure function from a consumer's rules and a service's declaration to
// a verdict per rule, with the reason in words. A service whose agent says `data_declared: false`
// (or whose declaration cannot be read) meets no rule that demands something.

/** What the service page has: the agent's `data_declared` and the resolved declaration. */
export type DeclaredData = { declared: false } | { declared: true; declaration: DataDeclaration | null };

export type RuleKey = "dataClasses" | "inputs" | "results" | "training" | "processingRegions" | "subprocessorRegions" | "deletion" | "encryption" | "dpa";

export type RuleCheck = { key: RuleKey; rule: string; ok: boolean; reason: string };

type Retention = { kind: "none" } | { kind: "days"; days: number } | { kind: "unstated" } | { kind: "unknown" };

function retentionOf(part: DataDeclaration["inputs"], journalIsRetention: boolean): Retention {
  if (!part) return { kind: "unknown" };
  const retained = part.retention === "retained" || (journalIsRetention && part.journal === true);
  if (retained) return part.days === null ? { kind: "unstated" } : { kind: "days", days: part.days };
  return part.retention === "none" ? { kind: "none" } : { kind: "unknown" };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function allowance(maxDays: number): string {
  return maxDays === 0 ? "none" : plural(maxDays, "day");
}

function retentionCheck(key: "inputs" | "results", what: string, maxDays: number, r: Retention): RuleCheck {
  const rule = maxDays === 0 ? `${what} not retained` : `${what} retained at most ${plural(maxDays, "day")}`;
  const noun = what.toLowerCase();
  switch (r.kind) {
    case "none":
      return { key, rule, ok: true, reason: `${noun} are not kept` };
    case "days":
      return r.days <= maxDays
        ? { key, rule, ok: true, reason: `${noun} are kept ${plural(r.days, "day")}; your rule allows ${allowance(maxDays)}` }
        : { key, rule, ok: false, reason: `${noun} are kept ${plural(r.days, "day")}; your rule allows ${allowance(maxDays)}` };
    case "unstated":
      return { key, rule, ok: false, reason: `${noun} are kept, for a time it does not state` };
    case "unknown":
      return { key, rule, ok: false, reason: `it does not say whether ${noun} are kept` };
  }
}

function describeRegions(regions: readonly string[]): string {
  return isEuSet(regions) ? "EU countries" : regions.join(", ");
}

function flag(key: RuleKey, rule: string, value: boolean | null, yes: string, no: string, unknown: string): RuleCheck {
  return value === true ? { key, rule, ok: true, reason: yes } : { key, rule, ok: false, reason: value === false ? no : unknown };
}

/** The rules that demand something, each with ✓ or ✗ and why. No rules: an empty list. */
export function checkDataRules(rules: DataRules, data: DeclaredData): RuleCheck[] {
  const d = data.declared ? data.declaration : null;
  const checks: RuleCheck[] = [];
  const add = (key: RuleKey, rule: string, judge: (d: DataDeclaration) => RuleCheck) =>
    checks.push(
      d
        ? judge(d)
        : {
            key,
            rule,
            ok: false,
            reason: data.declared ? "its data declaration cannot be read" : "the agent does not declare how it handles data",
          },
    );

  if (rules.dataClasses.length > 0) {
    const rule = `Accepts ${rules.dataClasses.join(", ")} data`;
    add("dataClasses", rule, ({ acceptedDataClasses: accepted }) => {
      if (accepted === null) return { key: "dataClasses", rule, ok: false, reason: "it does not say which data classes it accepts" };
      const missing = rules.dataClasses.filter((c) => !accepted.includes(c));
      return missing.length === 0
        ? { key: "dataClasses", rule, ok: true, reason: `it accepts ${accepted.join(", ")} data` }
        : { key: "dataClasses", rule, ok: false, reason: `it does not accept ${missing.join(", ")} data` };
    });
  }
  if (rules.inputsMaxDays !== null) {
    const max = rules.inputsMaxDays;
    const rule = max === 0 ? "Inputs not retained" : `Inputs retained at most ${plural(max, "day")}`;
    // Seed 000: journalled arguments are input retention.
    add("inputs", rule, (decl) => retentionCheck("inputs", "Inputs", max, retentionOf(decl.inputs, true)));
  }
  if (rules.resultsMaxDays !== null) {
    const max = rules.resultsMaxDays;
    const rule = max === 0 ? "Results not retained" : `Results retained at most ${plural(max, "day")}`;
    add("results", rule, (decl) => retentionCheck("results", "Results", max, retentionOf(decl.results, false)));
  }
  if (rules.noTraining) {
    const rule = "Not used for training";
    add("training", rule, (decl) =>
      flag(
        "training",
        rule,
        decl.usedForTraining === null ? null : !decl.usedForTraining,
        "inputs and results do not train models",
        "inputs or results are used to train models",
        "it does not say whether data trains models",
      ),
    );
  }
  if (rules.regions.length > 0) {
    const allowed = rules.regions;
    const where = describeRegions(allowed);
    const rule = `Processed only in ${where}`;
    add("processingRegions", rule, ({ processingRegions: regions }) => {
      if (!regions || regions.length === 0) return { key: "processingRegions", rule, ok: false, reason: "it does not say where data is processed" };
      const outside = regions.filter((r) => !allowed.includes(r));
      return outside.length === 0
        ? { key: "processingRegions", rule, ok: true, reason: `data is processed in ${regions.join(", ")}` }
        : { key: "processingRegions", rule, ok: false, reason: `data is processed in ${outside.join(", ")}; your rule allows ${where}` };
    });
    const subRule = `Subprocessors only in ${where}`;
    add("subprocessorRegions", subRule, ({ downstream }) => {
      if (!downstream) return { key: "subprocessorRegions", rule: subRule, ok: false, reason: "it does not list its subprocessors" };
      const outside = downstream.subprocessors.filter((s) => !allowed.includes(s.region));
      if (outside.length > 0) {
        const names = outside.map((s) => `${s.name} (${s.region})`).join(", ");
        return { key: "subprocessorRegions", rule: subRule, ok: false, reason: `${names}; your rule allows ${where}` };
      }
      return {
        key: "subprocessorRegions",
        rule: subRule,
        ok: true,
        reason:
          downstream.subprocessors.length === 0
            ? "it uses no subprocessors"
            : `subprocessors are in ${[...new Set(downstream.subprocessors.map((s) => s.region))].join(", ")}`,
      };
    });
  }
  if (rules.deletionOnRequest) {
    const rule = "Deletes data on request";
    add("deletion", rule, (decl) =>
      flag(
        "deletion",
        rule,
        decl.deletionOnRequest,
        "it deletes your data when asked",
        "it does not delete data on request",
        "it does not say whether it deletes data on request",
      ),
    );
  }
  if (rules.encryptedAtRest) {
    const rule = "Encrypted at rest";
    add("encryption", rule, (decl) =>
      flag(
        "encryption",
        rule,
        decl.encryptedAtRest,
        "what it stores is encrypted",
        "what it stores is not encrypted",
        "it does not say whether it encrypts what it stores",
      ),
    );
  }
  if (rules.dpa) {
    const rule = "Offers a data processing agreement";
    add("dpa", rule, (decl) =>
      decl.dpaUrl ? { key: "dpa", rule, ok: true, reason: "it publishes a DPA" } : { key: "dpa", rule, ok: false, reason: "it publishes no DPA" },
    );
  }
  return checks;
}

/** Whether a service meets every rule (no rules: every service does). */
export function matchesDataRules(rules: DataRules, data: DeclaredData): boolean {
  return checkDataRules(rules, data).every((c) => c.ok);
}
