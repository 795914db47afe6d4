// What the import form shows; shared by the server action and the client form (no server code here).
import { formatBytes } from "@/lib/foundations/words/bytes";
import type { ActionResult, FieldErrors } from "@/lib/foundations/action-result";
import type { AgentFileError } from "@/lib/model/agent-file/types";
import type { ForeignFormat } from "@/lib/domain/formats/foreign";

export const MAX_AGENT_FILE_BYTES = 512 * 1024;

/** An import that went through; `text` is the document, which the form keeps showing. */
export type ImportedAgent = { handle: string; replaced: boolean; published: boolean; text: string };

/** Asked before an import replaces one of the owner's agents: which one, answered by sending its handle back. */
export type ReplaceQuestion = { handle: string };

/**
 * What a refused import keeps: the document's problems, each with its JSON path, and the text as written.
 * `format`: the document is another format (lib/domain/formats), and the paths are in that document's own terms.
 * `confirm`: nothing is wrong with it, but it would replace one of the publisher's agents (`publish`: as sent).
 */
export type ImportProblems = { errors: AgentFileError[]; text: string; format?: ForeignFormat; confirm?: ReplaceQuestion; publish?: boolean };

/** The import action's answer. Its field errors are the form's own (`text`, `file`: nothing pasted, too large…). */
export type ImportFormResult = ActionResult<ImportedAgent, ImportProblems>;

/** The words for a file or pasted text over the limit, with its size: the browser and the server say the same. */
export function tooLargeMessage(what: "file" | "text", bytes: number): string {
  return `The ${what === "file" ? "file" : "pasted text"} is ${formatBytes(bytes)}; the limit is ${MAX_AGENT_FILE_BYTES / 1024} KB.`;
}

/** The form's fields over the limit, in words; null when both fit. Measured in UTF-8 bytes, as the server does. */
export function oversizeFieldErrors(text: string | null, fileBytes: number | null): FieldErrors | null {
  const errors: FieldErrors = {};
  const textBytes = text === null ? 0 : new TextEncoder().encode(text).length;
  if (textBytes > MAX_AGENT_FILE_BYTES) errors.text = [tooLargeMessage("text", textBytes)];
  if (fileBytes !== null && fileBytes > MAX_AGENT_FILE_BYTES) errors.file = [tooLargeMessage("file", fileBytes)];
  return errors.text || errors.file ? errors : null;
}

/** How many of a refused document's problems the form lists; a broken 512 KB file can have thousands. */
export const SHOWN_ERRORS = 50;

/** The problems the form lists, in their order, and how many more there are ("and N more"). */
export function shownErrors(errors: readonly AgentFileError[], limit = SHOWN_ERRORS): { shown: AgentFileError[]; more: number } {
  return { shown: errors.slice(0, limit), more: Math.max(0, errors.length - limit) };
}

export const TOO_LARGE_SUMMARY = "The agent.json is too large; nothing was imported.";
