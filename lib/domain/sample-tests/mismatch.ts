import { containsExpected } from "@/lib/domain/adapters/output-check";

// Says in words where an output stops containing the expected output (the rule is containsExpected's).

function show(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first place where `actual` does not contain `expected`, as a sentence; null when it does. */
export function describeMismatch(actual: unknown, expected: unknown, path = ""): string | null {
  if (containsExpected(actual, expected)) return null;
  const at = path === "" ? "the output" : path;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (actual.length !== expected.length) {
      return `${at} has ${actual.length} item${actual.length === 1 ? "" : "s"} where ${expected.length} were expected`;
    }
    for (const [i, item] of expected.entries()) {
      const inner = describeMismatch(actual[i], item, `${path}/${i}`);
      if (inner) return inner;
    }
  }
  if (isRecord(expected) && isRecord(actual)) {
    for (const [key, value] of Object.entries(expected)) {
      const keyPath = `${path}/${key}`;
      if (!Object.hasOwn(actual, key)) return `${keyPath} is missing (expected ${show(value)})`;
      const inner = describeMismatch(actual[key], value, keyPath);
      if (inner) return inner;
    }
  }
  return `${at} is ${show(actual)} where ${show(expected)} was expected`;
}
