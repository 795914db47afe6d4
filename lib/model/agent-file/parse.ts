// The one way into an agent.json: size, JSON syntax and nesting depth (each alone), then every other
// error in one pass — the values PostgreSQL cannot store, the schema's, and the cross-field rules' for
// each part that passes the schema on its own — so a publisher fixes them all in one go.
import { issuesToErrors, toPointer } from "./errors";
import { formatBytes } from "@/lib/foundations/words/bytes";
import { findTooDeep, findUnstorableValues, MAX_JSON_DEPTH } from "./json-limits";
import { findJsonSyntaxProblem, lineAndColumn } from "./json-position";
import { normalizeAgentFile, ruleErrorsOfValidParts } from "./normalize";
import { agentFileSchema, isJsonObject, type AgentFileInput } from "./schema";
import type { AgentFileError, ParseResult } from "./types";

export const MAX_AGENT_FILE_BYTES = 512 * 1024;

function tooLarge(bytes: number): ParseResult {
  return {
    ok: false,
    errors: [
      {
        path: "",
        message: `is ${bytes} bytes (${formatBytes(bytes)}); an agent.json may be at most ${MAX_AGENT_FILE_BYTES} bytes (512 KB)`,
      },
    ],
  };
}

/** Too deep for the recursive checks after it: that error alone, before anything walks the value. */
function tooDeep(value: unknown): AgentFileError[] | null {
  const path = findTooDeep(value);
  if (path === null) return null;
  return [{ path: toPointer(path), message: `is nested too deeply: an agent.json may nest objects and lists at most ${MAX_JSON_DEPTH} levels deep` }];
}

function schemaVerdict(value: unknown): { ok: true; document: AgentFileInput } | { ok: false; errors: AgentFileError[] } {
  const result = agentFileSchema.safeParse(value);
  if (result.success) return { ok: true, document: result.data };
  return { ok: false, errors: issuesToErrors(result.error.issues, value) };
}

/** Schema-level verdict only (no cross-field rules): the errors, or the typed document. */
export function checkAgentSchema(value: unknown): { ok: true; document: AgentFileInput } | { ok: false; errors: AgentFileError[] } {
  const deep = tooDeep(value);
  return deep ? { ok: false, errors: deep } : schemaVerdict(value);
}

function validateJson(value: unknown): ParseResult {
  const deep = tooDeep(value);
  if (deep) return { ok: false, errors: deep };
  // PostgreSQL refuses NUL (22021) and cannot keep lone surrogates: reported along with the schema's and
  // the cross-field rules' errors. A number beyond Infinity would only confuse those, so it comes alone.
  const { problems: unstorable, infinite } = findUnstorableValues(value);
  if (infinite) return { ok: false, errors: unstorable };
  const checked = schemaVerdict(value);
  // Schema errors first, then the rules' (each list in its own order): fixing from the top, a
  // publisher meets what the file is missing before what it means.
  if (!checked.ok) return { ok: false, errors: [...unstorable, ...checked.errors, ...ruleErrorsOfValidParts(value)] };
  // The schema has just said it is an object; the guard gives it the JSON type without a cast.
  if (!isJsonObject(value)) return { ok: false, errors: [{ path: "", message: "must be a JSON object" }] };
  const normalized = normalizeAgentFile(checked.document, value);
  if (unstorable.length === 0) return normalized;
  return { ok: false, errors: [...unstorable, ...(normalized.ok ? [] : normalized.errors)] };
}

/** Parses and validates the text of an agent.json. */
export function parseAgentFile(text: string): ParseResult {
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > MAX_AGENT_FILE_BYTES) return tooLarge(bytes);
  // Editors on some systems start files with a byte-order mark; it is not part of the JSON.
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const problem = findJsonSyntaxProblem(body) ?? { offset: 0, reason: "unexpected token" };
    const { line, column } = lineAndColumn(body, problem.offset);
    return { ok: false, errors: [{ path: "", message: `not valid JSON: ${problem.reason} at line ${line}, column ${column}` }] };
  }
  return validateJson(value);
}

/**
 * Validates an already-parsed document (e.g. from a form or an API body). It goes through JSON
 * text first, so it is held to the same size limit and sees exactly what a file would.
 */
export function validateAgentDocument(value: unknown): ParseResult {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // JSON.stringify overflows the stack on deep nesting: say so, rather than "not JSON".
    const deep = tooDeep(value);
    if (deep) return { ok: false, errors: deep };
    text = undefined;
  }
  if (text === undefined) return { ok: false, errors: [{ path: "", message: "is not a JSON document" }] };
  return parseAgentFile(text);
}
