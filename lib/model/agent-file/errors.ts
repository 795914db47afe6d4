// Zod issues in a publisher's words: a JSON Pointer and one plain sentence per problem.
import type { z } from "zod";
import { CAPABILITY_ID_PATTERN, HANDLE_PATTERN, HTTPS_PATTERN, REGION_PATTERN, VERSION_PATTERN } from "./schema";
import type { AgentFileError } from "./types";
import { describeValue, typeWords, valueAt, type Lookup } from "./issue-words";

type Issue = z.core.$ZodIssue;
type Segment = PropertyKey;

/** RFC 6901: "~" and "/" inside a key are escaped; the root is "". */
export function toPointer(path: readonly Segment[]): string {
  return path.map((segment) => "/" + String(segment).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

const PATTERN_WORDS = new Map<string, string>([
  [CAPABILITY_ID_PATTERN.toString(), "must be cap_ followed by 2 to 40 lowercase letters, digits or underscores"],
  [HANDLE_PATTERN.toString(), "must be @ followed by 2 to 31 lowercase letters, digits or hyphens, not starting with a hyphen"],
  [VERSION_PATTERN.toString(), "must be a version like 1.0.0"],
  [REGION_PATTERN.toString(), "must be a two-letter country code in capitals, like DE"],
  [HTTPS_PATTERN.toString(), "must start with https://"],
]);

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function limitOf(issue: Issue): number {
  const limit: unknown = issue.code === "custom" ? issue.params?.["limit"] : undefined;
  return typeof limit === "number" ? limit : 0;
}

function firstDuplicate(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const seen = new Set<unknown>();
  for (const item of value) {
    if (typeof item === "string" && seen.has(item)) return item;
    seen.add(item);
  }
  return null;
}

function customMessage(issue: Issue, value: Lookup): string {
  const kind: unknown = issue.code === "custom" ? issue.params?.["kind"] : undefined;
  const limit = limitOf(issue);
  switch (kind) {
    case "minLength":
      return limit === 1 ? "must not be empty" : `must be at least ${plural(limit, "character", "characters")}`;
    case "maxLength":
      return `must be at most ${plural(limit, "character", "characters")}`;
    case "minItems":
      return `must have at least ${plural(limit, "item", "items")}`;
    case "maxItems":
      return `must have at most ${plural(limit, "item", "items")}`;
    case "uniqueItems": {
      const duplicate = value.found ? firstDuplicate(value.value) : null;
      return duplicate === null ? "must not repeat an item" : `must not list "${duplicate}" twice`;
    }
    case "integer":
      return "must be a whole number";
    case "object":
      return value.found ? `must be an object, not ${describeValue(value.value)}` : "is required";
    default:
      return issue.message;
  }
}

function unionMessage(issue: Extract<Issue, { code: "invalid_union" }>, value: Lookup): string {
  const expected: string[] = [];
  for (const branch of issue.errors) {
    const only = branch[0];
    if (branch.length !== 1 || only === undefined || only.code !== "invalid_type" || only.path.length > 0) {
      return issue.message;
    }
    expected.push(typeWords(only.expected));
  }
  const received = value.found ? `, not ${describeValue(value.value)}` : "";
  return `must be ${expected.join(" or ")}${received}`;
}

function messageFor(issue: Issue, value: Lookup): string {
  if (!value.found && (issue.code === "invalid_type" || issue.code === "invalid_union" || issue.code === "invalid_value")) {
    return "is required";
  }
  switch (issue.code) {
    case "invalid_type":
      return `must be ${typeWords(issue.expected)}${value.found ? `, not ${describeValue(value.value)}` : ""}`;
    case "invalid_value":
      if (issue.values.length === 1) return `must be ${JSON.stringify(issue.values[0])}`;
      return `must be one of: ${issue.values.map((v) => String(v)).join(", ")}`;
    case "invalid_format":
      return (issue.pattern !== undefined ? PATTERN_WORDS.get(issue.pattern) : undefined) ?? "is not in the expected format";
    case "too_small":
      return `must be at least ${String(issue.minimum)}`;
    case "too_big":
      return `must be at most ${String(issue.maximum)}`;
    case "invalid_union":
      return unionMessage(issue, value);
    case "custom":
      return customMessage(issue, value);
    default:
      return issue.message;
  }
}

/** One error per problem; an object's unknown fields each get their own path. */
export function issuesToErrors(issues: readonly Issue[], document: unknown): AgentFileError[] {
  const errors: AgentFileError[] = [];
  const seen = new Set<string>();
  const add = (error: AgentFileError) => {
    const key = `${error.path}\u0000${error.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    errors.push(error);
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        add({ path: toPointer([...issue.path, key]), message: `"${key}" is not an allowed field here` });
      }
      continue;
    }
    add({ path: toPointer(issue.path), message: messageFor(issue, valueAt(document, issue.path)) });
  }
  return errors;
}
