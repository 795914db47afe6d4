// The one way into an agent.json: size, JSON syntax, the schema (every error at once), then — only
// for a schema-valid document — the cross-field rules (every error at once).
import { issuesToErrors } from "./errors";
import { findJsonSyntaxProblem, lineAndColumn } from "./json-position";
import { normalizeAgentFile } from "./normalize";
import { agentFileSchema, isJsonObject, type AgentFileInput } from "./schema";
import type { AgentFileError, ParseResult } from "./types";

export const MAX_AGENT_FILE_BYTES = 512 * 1024;

function tooLarge(bytes: number): ParseResult {
  return {
    ok: false,
    errors: [
      {
        path: "",
        message: `is ${bytes} bytes; an agent.json may be at most ${MAX_AGENT_FILE_BYTES} bytes (512 KB)`,
      },
    ],
  };
}

/** Schema-level verdict only (no cross-field rules): the errors, or the typed document. */
export function checkAgentSchema(value: unknown): { ok: true; document: AgentFileInput } | { ok: false; errors: AgentFileError[] } {
  const result = agentFileSchema.safeParse(value);
  if (result.success) return { ok: true, document: result.data };
  return { ok: false, errors: issuesToErrors(result.error.issues, value) };
}

function validateJson(value: unknown): ParseResult {
  const checked = checkAgentSchema(value);
  if (!checked.ok) return checked;
  // The schema has just said it is an object; the guard gives it the JSON type without a cast.
  if (!isJsonObject(value)) return { ok: false, errors: [{ path: "", message: "must be a JSON object" }] };
  return normalizeAgentFile(checked.document, value);
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
    text = undefined;
  }
  if (text === undefined) return { ok: false, errors: [{ path: "", message: "is not a JSON document" }] };
  return parseAgentFile(text);
}
