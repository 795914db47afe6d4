// Every problem of a draft in one pass (the import's own parse: size, syntax, schema and every Explore
// rule), each with where it is in the text, for the error list, the form's fields and the JSON view.
import { parseAgentFile } from "@/lib/model/agent-file/parse";
import { findJsonSyntaxProblem, lineAndColumn } from "@/lib/model/agent-file/json-position";
import type { AgentFileError, JsonObject, NormalizedAgent } from "@/lib/model/agent-file/types";
import { isJsonObject } from "@/lib/model/agent-file/schema";
import { locatePointer } from "./json-text";
import { suggestionErrors, type Suggestion } from "./suggestions";

/** A problem and its place: `from`–`to` in the text (UTF-16 offsets, as CodeMirror counts), 1-based line and column. */
export type PlacedError = AgentFileError & { from: number; to: number; line: number; column: number; syntax: boolean };

export type DraftCheck = { errors: PlacedError[]; agent: NormalizedAgent | null };

function placed(text: string, error: AgentFileError, from: number, to: number, syntax = false): PlacedError {
  return { ...error, from, to, ...lineAndColumn(text, from), syntax };
}

const record = (value: unknown): JsonObject | null => (isJsonObject(value) ? value : null);

const UNDECLARED = {
  inputs:
    "is not stated: say whether the adapter keeps call inputs (none, or retained with days). Every draft declares how it handles data, or says openly that it does not (data_declared: false).",
  results:
    "is not stated: say whether the adapter keeps results (none, or retained with days). Every draft declares how it handles data, or says openly that it does not (data_declared: false).",
  used_for_training:
    "is not stated: say whether inputs or results train models (true or false). Every draft declares how it handles data, or says openly that it does not (data_declared: false).",
} as const;

/**
 * The one rule every draft meets, whatever made it (blank, an edit, Connect, an import, another format):
 * for each capability, the data declaration as it applies to it (its own `data`, else `defaults.data`, key
 * by key) says whether inputs and results are kept and whether they train models — or `data_declared: false`
 * says openly that it declares nothing. agent.json itself allows silence; a draft published from the
 * dashboard does not. Only absent answers are named here: a null or wrong one is already a schema error.
 */
export function undeclaredData(document: unknown): AgentFileError[] {
  const root = record(document);
  if (!root || root.data_declared === false || !Array.isArray(root.capabilities)) return [];
  const defaults = record(record(root.defaults)?.data);
  const errors = new Map<string, string>();
  root.capabilities.forEach((item, index) => {
    const own = record(record(item)?.data);
    // A capability's own key replaces the default's (DESIGN.md rule 3), so an answer is looked for where it applies.
    const at = (key: string) =>
      own && key in own ? { value: own[key], path: `/capabilities/${index}/data/${key}` } : { value: defaults?.[key], path: `/defaults/data/${key}` };
    for (const key of ["inputs", "results"] as const) {
      const { value, path } = at(key);
      const part = record(value);
      if (value === undefined || (part !== null && part.retention === undefined)) errors.set(`${path}/retention`, UNDECLARED[key]);
    }
    const training = at("used_for_training");
    if (training.value === undefined) errors.set(training.path, UNDECLARED.used_for_training);
  });
  return [...errors].map(([path, message]) => ({ path, message }));
}

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch {
    return null;
  }
}

/**
 * Checks a draft's text: the normalised agent when it would import, else every error with its place.
 * `suggestions`: Explore's guesses not yet confirmed; each one still standing is a problem at its field.
 */
export function checkDraftText(text: string, suggestions: readonly Suggestion[] = []): DraftCheck {
  const parsed = parseAgentFile(text);
  const document = jsonOf(text);
  const ruleErrors = [...undeclaredData(document), ...suggestionErrors(document, suggestions)];
  if (parsed.ok) return ruleErrors.length === 0 ? { errors: [], agent: parsed.agent } : { errors: placeErrors(text, ruleErrors), agent: null };
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const syntax = parsed.errors.length === 1 && parsed.errors[0]?.message.startsWith("not valid JSON") ? findJsonSyntaxProblem(body) : null;
  if (syntax && parsed.errors[0]) {
    const to = Math.min(text.length, syntax.offset + 1);
    return { errors: [placed(text, parsed.errors[0], syntax.offset, Math.max(to, syntax.offset), true)], agent: null };
  }
  return { errors: placeErrors(text, [...parsed.errors, ...ruleErrors]), agent: null };
}

/** Errors by JSON Pointer, each given its place in the text. */
export function placeErrors(text: string, errors: readonly AgentFileError[]): PlacedError[] {
  return errors.map((error) => {
    const at = locatePointer(text, error.path);
    return placed(text, error, at.from, at.to);
  });
}
