import { z } from "zod";
import type { DataDeclaration, JsonValue, Retention } from "@/lib/model/agent-file/types";
import { CAPABILITY_CLASSES, PLAN_TYPES } from "@/lib/model/agent-file/types";
import { classLabels, dataClassLabels, regionLabel } from "@/lib/model/agent-file/labels";
import { planExtraFields, planHeadline } from "@/lib/domain/payments/plan-words";

// The consumers' change log (issue #13): what a published version says about each service that a consumer
// would want to know changed — its data declaration, price and plans, class and terms — and the sentences
// that say how, compared capability by capability ID between consecutive published versions. Plain functions:
// lib/domain/agents/versions.ts gathers the facts in the write's transaction and stores the sentences.

const jsonValue: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);

const planFacts = z.object({
  planId: z.string(),
  type: z.enum(PLAN_TYPES),
  priceUsd: z.string().nullable(),
  dailyLimit: z.number().nullable(),
  extra: z.record(z.string(), jsonValue),
});

const serviceFacts = z.object({
  name: z.string(),
  class: z.enum(CAPABILITY_CLASSES),
  // The resolved declaration as the catalog stores it; compared part by part below.
  data: z.record(z.string(), jsonValue),
  plans: z.array(planFacts),
});

const termsFacts = z.object({ url: z.string().nullable(), version: z.string().nullable(), textSha256: z.string().nullable() }).nullable();

export const agentFactsSchema = z.object({ terms: termsFacts, services: z.record(z.string(), serviceFacts) });

export type PlanFacts = z.infer<typeof planFacts>;
export type ServiceVersionFacts = z.infer<typeof serviceFacts>;
export type AgentFacts = z.infer<typeof agentFactsSchema>;

/** The kinds of change the log knows; another kind (say, terms content fetched later) is one more entry here. */
export const CHANGE_KINDS = ["data", "price", "class", "terms"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export type ServiceChangeWords = { capabilityId: string; kind: ChangeKind; words: string };

/** What the notice above the Run panel calls each kind: "Data handling changed since your last run…". */
export const changeKindHeadlines: Record<ChangeKind, string> = {
  data: "Data handling changed",
  price: "Price or plans changed",
  class: "The kind of service changed",
  terms: "Terms changed",
};

/** A stored kind Explore no longer (or does not yet) know is shown as a general change. */
export function changeKindOf(kind: string): ChangeKind | null {
  return (CHANGE_KINDS as readonly string[]).includes(kind) ? (kind as ChangeKind) : null;
}

type Part = (Retention & { journal: boolean | null }) | null;

const retentionPart = z
  .object({ retention: z.enum(["none", "retained"]).nullable(), days: z.number().nullable(), journal: z.boolean().nullable().optional() })
  .nullable()
  .optional();

function partOf(data: ServiceVersionFacts["data"], key: keyof DataDeclaration): Part {
  const parsed = retentionPart.safeParse(data[key]);
  if (!parsed.success || !parsed.data) return null;
  return { retention: parsed.data.retention, days: parsed.data.days, journal: parsed.data.journal ?? null };
}

function keptWords(part: Part): string {
  if (!part || part.retention === null) return part?.journal ? "kept (the adapter journals them)" : "not stated";
  if (part.retention === "none") return part.journal ? "kept (the adapter journals them)" : "not kept";
  return part.days !== null ? `kept for ${part.days} day${part.days === 1 ? "" : "s"}` : "kept (for how long is not stated)";
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function listWords(value: unknown, label: (item: string) => string): string {
  if (!Array.isArray(value) || value.length === 0) return "not stated";
  return value.map((v) => label(String(v))).join(", ");
}

function flagWords(value: unknown, yes: string, no: string): string {
  return value === true ? yes : value === false ? no : "not stated";
}

/** "Data handling changed: inputs are now kept for 30 days (were not kept)." — one sentence per part that changed. */
export function dataChangeWords(before: ServiceVersionFacts["data"], after: ServiceVersionFacts["data"]): string[] {
  const words: string[] = [];
  const retained: [keyof DataDeclaration, string][] = [
    ["inputs", "inputs"],
    ["results", "results"],
    ["downstream", "data passed on downstream"],
  ];
  for (const [key, what] of retained) {
    const was = keptWords(partOf(before, key));
    const now = keptWords(partOf(after, key));
    if (was !== now) words.push(`Data handling changed: ${what} are now ${now} (were ${was}).`);
  }
  const subprocessors = (d: ServiceVersionFacts["data"]) => {
    const downstream = d.downstream;
    if (!downstream || typeof downstream !== "object" || Array.isArray(downstream)) return "none named";
    const list = downstream.subprocessors;
    if (!Array.isArray(list) || list.length === 0) return "none named";
    return list.map((s) => (s && typeof s === "object" && !Array.isArray(s) && typeof s.name === "string" ? s.name : "?")).join(", ");
  };
  if (subprocessors(before) !== subprocessors(after)) {
    words.push(`Data handling changed: other companies that handle the data are now ${subprocessors(after)} (were ${subprocessors(before)}).`);
  }
  if (!same(before.usedForTraining, after.usedForTraining)) {
    const t = (v: unknown) => flagWords(v, "used to train models", "never used to train models");
    words.push(`Data handling changed: inputs and outputs are now ${t(after.usedForTraining)} (were ${t(before.usedForTraining)}).`);
  }
  if (!same(before.processingRegions, after.processingRegions)) {
    words.push(
      `Data handling changed: processed in ${listWords(after.processingRegions, regionLabel)} (was ${listWords(before.processingRegions, regionLabel)}).`,
    );
  }
  if (!same(before.acceptedDataClasses, after.acceptedDataClasses)) {
    const label = (c: string) => (c in dataClassLabels ? dataClassLabels[c as keyof typeof dataClassLabels] : c);
    words.push(`Data handling changed: accepts ${listWords(after.acceptedDataClasses, label)} data (was ${listWords(before.acceptedDataClasses, label)}).`);
  }
  const days = (d: ServiceVersionFacts["data"]) => {
    const meta = d.executionMetadata;
    const n = meta && typeof meta === "object" && !Array.isArray(meta) ? meta.retentionDays : null;
    return typeof n === "number" ? `kept for ${n} day${n === 1 ? "" : "s"}` : "not stated";
  };
  if (days(before) !== days(after)) words.push(`Data handling changed: execution records are now ${days(after)} (were ${days(before)}).`);
  const flags: [keyof DataDeclaration, string, string][] = [
    ["deletionOnRequest", "deleted on request", "not deleted on request"],
    ["encryptedAtRest", "encrypted at rest", "not encrypted at rest"],
  ];
  for (const [key, yes, no] of flags) {
    if (!same(before[key], after[key]))
      words.push(`Data handling changed: data is now ${flagWords(after[key], yes, no)} (was ${flagWords(before[key], yes, no)}).`);
  }
  if (!same(before.dpaUrl, after.dpaUrl)) words.push("Data handling changed: the data processing agreement changed.");
  return words;
}

function headline(plan: PlanFacts): string {
  return planHeadline(plan);
}

/** "Price changed: $0.02 a call (was $0.01 a call).", "Plan added: …", "Plan removed: …", matched by plan ID. */
export function planChangeWords(before: readonly PlanFacts[], after: readonly PlanFacts[]): string[] {
  const words: string[] = [];
  const old = new Map(before.map((p) => [p.planId, p]));
  const fresh = new Map(after.map((p) => [p.planId, p]));
  for (const plan of after) {
    const was = old.get(plan.planId);
    if (!was) words.push(`Plan added: ${headline(plan)}.`);
    else if (headline(was) !== headline(plan)) words.push(`Price changed: ${headline(plan)} (was ${headline(was)}).`);
    // The plan card's own fields, so the publisher's wiring (stripe_payment_link) is never a change of terms.
    else if (!same(planExtraFields(was), planExtraFields(plan))) words.push(`Plan terms changed: ${headline(plan)}.`);
  }
  for (const plan of before) if (!fresh.has(plan.planId)) words.push(`Plan removed: ${headline(plan)}.`);
  return words;
}

function termsWords(before: AgentFacts["terms"], after: AgentFacts["terms"]): string[] {
  if (same(before, after)) return [];
  if (!after) return ["Terms changed: the service no longer states terms."];
  if (!before) return ["Terms changed: the service now states terms."];
  if (before.version !== after.version && after.version !== null) {
    return [`Terms changed: version ${after.version}${before.version ? ` (was ${before.version})` : ""}.`];
  }
  if (before.url !== after.url) return ["Terms changed: the terms are now at another address."];
  return ["Terms changed: the terms text was updated."];
}

/** Every change between two published versions, per service present in both (a new service has no history). */
export function serviceChanges(before: AgentFacts, after: AgentFacts): ServiceChangeWords[] {
  const changes: ServiceChangeWords[] = [];
  const terms = termsWords(before.terms, after.terms);
  for (const [capabilityId, now] of Object.entries(after.services)) {
    const was = before.services[capabilityId];
    if (!was) continue;
    for (const words of dataChangeWords(was.data, now.data)) changes.push({ capabilityId, kind: "data", words });
    for (const words of planChangeWords(was.plans, now.plans)) changes.push({ capabilityId, kind: "price", words });
    if (was.class !== now.class) {
      changes.push({ capabilityId, kind: "class", words: `Class changed: now ${classLabels[now.class]} (was ${classLabels[was.class]}).` });
    }
    for (const words of terms) changes.push({ capabilityId, kind: "terms", words });
  }
  return changes;
}
