// The one entry point of every import (dashboard and CLI): the text is read as JSON, its format detected,
// and a foreign document converted to an agent.json draft. An agent.json (or text that is not JSON at all)
// goes on to the agent.json import unchanged, which names its own problems.
import { a2aCardToAgentFile } from "./a2a-card/to-agent-file";
import { a2awireToAgentFile } from "./a2awire/to-agent-file";
import { detectFormat, unknownFormatMessage } from "./detect";
import type { ForeignConversion, ForeignFormat, ForeignProblem } from "./foreign";
import { ga4ghEntryToAgentFile, registryPartsOf, type RegistryParts } from "./ga4gh/to-agent-file";
import { sourcePath } from "./problems";
import { unstorableKey, unstorableText } from "@/lib/model/agent-file/json-limits";

export type ReadDocument =
  | { kind: "agent_json" }
  | { kind: "unknown"; message: string }
  /** `registry`: what a GA4GH entry's registry record keeps (null for the other formats and on failure). */
  | { kind: "foreign"; conversion: ForeignConversion; registry: RegistryParts | null };

const CONVERTERS: Record<ForeignFormat, (document: unknown) => ForeignConversion> = {
  a2a_card: a2aCardToAgentFile,
  ga4gh_entry: ga4ghEntryToAgentFile,
  a2awire: a2awireToAgentFile,
};

// The depth an agent.json may nest (lib/model/agent-file/json-limits) holds for the formats it is made from.
const MAX_DEPTH = 64;

/** The first value PostgreSQL could not store or that nests too deeply, at its path; null when there is none. */
function unstorable(document: unknown): ForeignProblem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: document, path: [] }];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const { value, path } = node;
    if (path.length > MAX_DEPTH) return { path: sourcePath(path), message: `is nested too deeply: at most ${MAX_DEPTH} levels are accepted` };
    if (typeof value === "string") {
      if (unstorableText(value))
        return { path: sourcePath(path), message: "contains a character Explore cannot store (NUL or half of a character); remove it" };
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
    } else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const problem = unstorableKey(key);
        if (problem)
          return {
            path: sourcePath(path),
            message: `has a field name Explore cannot store, ${JSON.stringify(key.slice(0, 40))}: ${problem}; rename the field`,
          };
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/** A parsed document: its format and, for a foreign one, its conversion. */
export function convertDocument(document: unknown): ReadDocument {
  const format = detectFormat(document);
  if (format === "agent_json") return { kind: "agent_json" };
  if (format === "unknown") return { kind: "unknown", message: unknownFormatMessage(document) };
  const bad = unstorable(document);
  if (bad) return { kind: "foreign", conversion: { ok: false, format, problems: [bad] }, registry: null };
  const conversion = CONVERTERS[format](document);
  return { kind: "foreign", conversion, registry: conversion.ok && format === "ga4gh_entry" ? registryPartsOf(document) : null };
}

/** The text of an import: JSON that is not an agent.json is converted; anything else is the agent.json import's. */
export function convertText(text: string): ReadDocument {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { kind: "agent_json" };
  }
  return convertDocument(document);
}

/** A converted agent.json as the editor's text: two-space JSON and a final line break, like every draft. */
export function draftTextOf(agentFile: Record<string, unknown>): string {
  return `${JSON.stringify(agentFile, null, 2)}\n`;
}
