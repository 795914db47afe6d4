// What JSON.parse accepts but Explore cannot work with or store: nesting deeper than the recursive code
// after it can walk (the schema check, normalising, fingerprints overflow the stack near 10,000 levels),
// strings PostgreSQL refuses (NUL, error 22021) or cannot keep as written (lone UTF-16 surrogates), and
// numbers too large to be numbers (1e400 parses as Infinity). Both walks below are iterative, so they are
// safe on any depth; run them before any recursive code.
import { toPointer } from "./errors";

/** The deepest nesting of objects and lists accepted in an agent.json or a run's arguments. */
export const MAX_JSON_DEPTH = 64;

/** How many unstorable values are listed one by one; the rest are counted. */
export const MAX_LISTED_VALUE_PROBLEMS = 100;

type Segment = string | number;

// A container on the walk, linked to its parent so a path is built only when it is reported.
type Node = { value: object; depth: number; parent: Node | null; segment: Segment | null };

function pathOf(node: Node): Segment[] {
  const path: Segment[] = [];
  for (let at: Node | null = node; at !== null && at.segment !== null; at = at.parent) path.push(at.segment);
  return path.reverse();
}

/**
 * The JSON path of the first object or list nested deeper than `maxDepth` (the top-level value is
 * level 1), or null when there is none. Each object is visited once, so shared or cyclic references
 * (possible in a value built in code, never in parsed JSON) cannot make it loop.
 */
export function findTooDeep(value: unknown, maxDepth = MAX_JSON_DEPTH): Segment[] | null {
  if (typeof value !== "object" || value === null) return null;
  const seen = new Set<object>();
  const stack: Node[] = [{ value, depth: 1, parent: null, segment: null }];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.depth > maxDepth) return pathOf(node);
    if (seen.has(node.value)) continue;
    seen.add(node.value);
    const entries: [Segment, unknown][] = Array.isArray(node.value) ? node.value.map((item, i) => [i, item]) : Object.entries(node.value);
    // Pushed last first, so the first deep path in document order is the one reported.
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i];
      if (entry === undefined) continue;
      const [segment, child] = entry;
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth: node.depth + 1, parent: node, segment });
    }
  }
  return null;
}

function firstLoneSurrogate(text: string): number | null {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) return unit;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return unit;
      i++;
    }
  }
  return null;
}

/** What is wrong with one string, in words; null when PostgreSQL can store it exactly as written. */
export function unstorableText(text: string): string | null {
  if (text.includes("\u0000")) return "the NUL character (\\u0000)";
  if (text.isWellFormed()) return null;
  const unit = firstLoneSurrogate(text) ?? 0xd800;
  return `a lone UTF-16 surrogate (\\u${unit.toString(16)}), half of a character`;
}

/**
 * What is wrong with one field name, in words; null when it can be stored. Besides what no string may hold,
 * "__proto__": Prisma's JSON serialiser assigns fields one by one, so that name would replace the object's
 * prototype and the write would throw instead of storing it.
 */
export function unstorableKey(key: string): string | null {
  if (key === "__proto__") return "a name JavaScript reserves for an object's prototype";
  return unstorableText(key);
}

/** A field name as it can be shown: JSON-quoted (so NUL and lone surrogates read as escapes), and short. */
function shownKey(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}

export type ValueProblem = { path: string; message: string };

/**
 * Every string, field name and number that PostgreSQL cannot store as written, each with its JSON path.
 * A field whose name is wrong is reported on its object and not entered (its path could not be shown).
 * `infinite`: some number is not finite, so the value is not JSON as the schema's checks understand it.
 * Expects a tree (parsed JSON); it is iterative, so any depth is safe.
 */
export function findUnstorableValues(value: unknown): { problems: ValueProblem[]; infinite: boolean } {
  const problems: ValueProblem[] = [];
  let infinite = false;
  let unlisted = 0;
  const report = (path: Segment[], message: string) => {
    if (problems.length < MAX_LISTED_VALUE_PROBLEMS) problems.push({ path: toPointer(path), message });
    else unlisted += 1;
  };
  const stack: { value: unknown; path: Segment[] }[] = [{ value, path: [] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: current, path } = item;
    if (typeof current === "string") {
      const problem = unstorableText(current);
      if (problem) report(path, `contains ${problem}, which Explore cannot store; remove it`);
      continue;
    }
    if (typeof current === "number") {
      if (!Number.isFinite(current)) {
        infinite = true;
        report(path, "is a number too large for Explore to store; write a smaller one");
      }
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    const children: { value: unknown; path: Segment[] }[] = [];
    if (Array.isArray(current)) {
      current.forEach((child, i) => children.push({ value: child, path: [...path, i] }));
    } else {
      for (const [key, child] of Object.entries(current)) {
        const problem = unstorableKey(key);
        if (problem)
          report(
            path,
            `has a field name Explore cannot store, ${shownKey(key)}: ${key === "__proto__" ? "it is" : "it contains"} ${problem}; rename the field`,
          );
        else children.push({ value: child, path: [...path, key] });
      }
    }
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child !== undefined) stack.push(child);
    }
  }
  if (unlisted > 0) {
    problems.push({
      path: "",
      message: `has ${unlisted} more value${unlisted === 1 ? "" : "s"} Explore cannot store; only the first ${MAX_LISTED_VALUE_PROBLEMS} are listed`,
    });
  }
  return { problems, infinite };
}
