// A foreign document's problems in words, each at its path in that document ("capability_manifest[2].name"):
// zod's issues, read for a publisher who wrote (or was handed) the file, not for a programmer. The words of types
// and values are the agent file's (lib/model/agent-file/issue-words.ts); the paths and sentences are the document's.
import type { z } from "zod";
import { describeValue, typeWords, valueAt } from "@/lib/model/agent-file/issue-words";
import type { ForeignProblem } from "./foreign";

/** ["a", 2, "b"] → "a[2].b"; the whole document is "". */
export function sourcePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += out === "" ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

function words(issue: z.core.$ZodIssue, document: unknown): string {
  switch (issue.code) {
    case "invalid_type": {
      const at = valueAt(document, issue.path);
      if (!at.found) return "is required but missing";
      return `must be ${typeWords(issue.expected)}, not ${describeValue(at.value)}`;
    }
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "must not be empty" : `must be at least ${issue.minimum} characters long`;
      if (issue.origin === "array") return `must list at least ${issue.minimum} item${Number(issue.minimum) === 1 ? "" : "s"}`;
      return `must be ${issue.inclusive === false ? "more than" : "at least"} ${issue.minimum}`;
    case "too_big":
      if (issue.origin === "string") return `must be at most ${issue.maximum} characters long`;
      if (issue.origin === "array") return `must list at most ${issue.maximum} items`;
      return `must be ${issue.inclusive === false ? "less than" : "at most"} ${issue.maximum}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "unrecognized_keys":
      return `has ${issue.keys.length === 1 ? "a field" : "fields"} the format does not define: ${issue.keys.join(", ")}`;
    case "invalid_format":
      if (issue.format === "url") return "must be a URL such as https://example.org/";
      if (issue.format === "datetime") return "must be a date and time such as 2026-09-24T09:00:00Z";
      if (issue.format === "date") return "must be a date such as 2026-09-01";
      if (issue.format === "regex") return issue.message && !issue.message.startsWith("Invalid") ? issue.message : "is not in the expected form";
      return `must be a valid ${issue.format}`;
    case "invalid_union": {
      // A field that may also be null: the words of its one real form.
      const first = issue.errors.map((branch) => branch.find((i) => i.code === "invalid_type")).find((i) => i !== undefined && i.expected !== "null");
      if (first && first.code === "invalid_type") return words({ ...first, path: issue.path }, document);
      return "is not in any of the forms the format allows";
    }
    case "custom":
      return issue.message;
    default:
      return issue.message;
  }
}

/** Every problem once, in zod's order; `document` is what was parsed (for the words of a missing field). */
export function problemsOf(error: z.ZodError, document: unknown): ForeignProblem[] {
  const seen = new Set<string>();
  const problems: ForeignProblem[] = [];
  for (const issue of error.issues) {
    const path = sourcePath(issue.path);
    const message = words(issue, document);
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ path, message });
  }
  return problems;
}
