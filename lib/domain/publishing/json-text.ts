// The agent.json text and the values in it, found by JSON Pointer: where an error points in the text, and a
// form's edit written back into the text touching only that value, so the publisher's layout stays. Plain
// code (the Lezer JSON parser CodeMirror uses), safe in the browser and on the server.
import { parser } from "@lezer/json";
import type { SyntaxNode } from "@lezer/common";
import type { JsonValue } from "@/lib/model/agent-file/types";

/** RFC 6901 pointer to its segments ("" is the root). */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** Where a pointer's value is in the text; `exact: false` when only an ancestor exists (a missing field). */
export type Located = { from: number; to: number; exact: boolean };

const VALUE_NODES = new Set(["Object", "Array", "String", "Number", "True", "False", "Null"]);

function valueChildren(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling) if (VALUE_NODES.has(child.name)) out.push(child);
  return out;
}

function propertyNamed(object: SyntaxNode, text: string, key: string): SyntaxNode | null {
  let found: SyntaxNode | null = null;
  for (let child = object.firstChild; child; child = child.nextSibling) {
    if (child.name !== "Property") continue;
    const name = child.getChild("PropertyName");
    if (!name) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text.slice(name.from, name.to));
    } catch {
      continue;
    }
    // The last of repeated keys wins, as in JSON.parse.
    if (parsed === key) found = child;
  }
  return found;
}

function propertyValue(property: SyntaxNode): SyntaxNode | null {
  for (let child = property.firstChild; child; child = child.nextSibling) if (VALUE_NODES.has(child.name)) return child;
  return null;
}

/** The text range of the value a pointer names, or of its nearest ancestor that exists. */
export function locatePointer(text: string, pointer: string): Located {
  const tree = parser.parse(text);
  const top = tree.topNode.firstChild;
  if (!top || !VALUE_NODES.has(top.name)) return { from: 0, to: Math.min(text.length, 1), exact: pointer === "" };
  let node: SyntaxNode = top;
  let range: { from: number; to: number } = { from: node.from, to: node.to };
  for (const segment of pointerSegments(pointer)) {
    if (node.name === "Object") {
      const property = propertyNamed(node, text, segment);
      const value = property ? propertyValue(property) : null;
      if (!property || !value) return { ...openingOf(node), exact: false };
      node = value;
      range = { from: value.from, to: value.to };
    } else if (node.name === "Array" && /^\d+$/.test(segment)) {
      const item = valueChildren(node)[Number(segment)];
      if (!item) return { ...openingOf(node), exact: false };
      node = item;
      range = { from: item.from, to: item.to };
    } else {
      return { ...openingOf(node), exact: false };
    }
  }
  return { ...range, exact: true };
}

// A missing field's error sits on the first character of the object that should hold it.
function openingOf(node: SyntaxNode): { from: number; to: number } {
  return { from: node.from, to: Math.min(node.to, node.from + 1) };
}

/** The indentation the text uses (the first indented line's), two spaces when it has none. */
export function detectIndent(text: string): string {
  const match = /\n([ \t]+)\S/.exec(text);
  return match?.[1] ?? "  ";
}

function lineIndentAt(text: string, offset: number): string {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? "";
}

function serialize(value: JsonValue, indent: string, baseIndent: string): string {
  const written = JSON.stringify(value, null, indent);
  return written.replace(/\n/g, "\n" + baseIndent);
}

type Container = JsonValue[] | { [key: string]: JsonValue };

function setIn(root: JsonValue, segments: readonly string[], value: JsonValue | undefined): JsonValue {
  if (segments.length === 0) return value ?? null;
  const [head, ...rest] = segments;
  if (head === undefined) return root;
  const container: Container = Array.isArray(root) ? [...root] : root !== null && typeof root === "object" ? { ...root } : {};
  if (Array.isArray(container)) {
    const index = Number(head);
    const current = container[index] ?? {};
    if (rest.length === 0 && value === undefined) container.splice(index, 1);
    else container[index] = setIn(current, rest, value);
  } else {
    const current = container[head] ?? (rest.length > 0 && /^\d+$/.test(rest[0] ?? "") ? [] : {});
    if (rest.length === 0 && value === undefined) delete container[head];
    else container[head] = setIn(current, rest, value);
  }
  return container;
}

/** The value a pointer names in a parsed document, or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  let current: unknown = root;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (current !== null && typeof current === "object" && Object.prototype.hasOwnProperty.call(current, segment)) current = Reflect.get(current, segment);
    else return undefined;
  }
  return current;
}

export type TextEdit = { ok: true; text: string } | { ok: false; reason: string };

/**
 * The text with the value at `pointer` set to `value` (or removed, for undefined). A value that is already
 * there is replaced in place, so every other line stays as the publisher wrote it; a new field or a
 * removal rewrites the document in its own indentation. Refused (the text kept) while it is not valid JSON.
 */
export function setValueInText(text: string, pointer: string, value: JsonValue | undefined): TextEdit {
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: "The JSON has a syntax error; fix it in the JSON view first." };
  }
  const indent = detectIndent(text);
  if (value !== undefined) {
    const at = locatePointer(text, pointer);
    if (at.exact) {
      const replacement = serialize(value, indent, lineIndentAt(text, at.from));
      return { ok: true, text: text.slice(0, at.from) + replacement + text.slice(at.to) };
    }
  }
  const updated = setIn(parsed, pointerSegments(pointer), value);
  return { ok: true, text: JSON.stringify(updated, null, indent) + (text.endsWith("\n") ? "\n" : "") };
}
