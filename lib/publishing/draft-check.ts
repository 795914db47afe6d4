// Every problem of a draft in one pass (the import's own parse: size, syntax, schema and every Explore
// rule), each with where it is in the text, for the error list, the form's fields and the JSON view.
import { parseAgentFile } from "@/lib/agent-file/parse";
import { findJsonSyntaxProblem, lineAndColumn } from "@/lib/agent-file/json-position";
import type { AgentFileError, NormalizedAgent } from "@/lib/agent-file/types";
import { locatePointer } from "./json-text";

/** A problem and its place: `from`–`to` in the text (UTF-16 offsets, as CodeMirror counts), 1-based line and column. */
export type PlacedError = AgentFileError & { from: number; to: number; line: number; column: number; syntax: boolean };

export type DraftCheck = { errors: PlacedError[]; agent: NormalizedAgent | null };

function placed(text: string, error: AgentFileError, from: number, to: number, syntax = false): PlacedError {
  return { ...error, from, to, ...lineAndColumn(text, from), syntax };
}

/** Checks a draft's text: the normalised agent when it would import, else every error with its place. */
export function checkDraftText(text: string): DraftCheck {
  const parsed = parseAgentFile(text);
  if (parsed.ok) return { errors: [], agent: parsed.agent };
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const syntax = parsed.errors.length === 1 && parsed.errors[0]?.message.startsWith("not valid JSON") ? findJsonSyntaxProblem(body) : null;
  if (syntax && parsed.errors[0]) {
    const to = Math.min(text.length, syntax.offset + 1);
    return { errors: [placed(text, parsed.errors[0], syntax.offset, Math.max(to, syntax.offset), true)], agent: null };
  }
  return { errors: placeErrors(text, parsed.errors), agent: null };
}

/** Errors by JSON Pointer, each given its place in the text. */
export function placeErrors(text: string, errors: readonly AgentFileError[]): PlacedError[] {
  return errors.map((error) => {
    const at = locatePointer(text, error.path);
    return placed(text, error, at.from, at.to);
  });
}
