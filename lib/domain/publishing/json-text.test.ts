import { describe, expect, it } from "vitest";
import { detectIndent, locatePointer, setValueInText, valueAt } from "./json-text";

// The form ↔ JSON sync: where a pointer's value is in the text, and a form's edit written back touching only that value.

const text = `{
    "agent": { "handle": "@homes", "display_name": "Homes" },
    "capabilities": [
        {"tool": "a", "name": "First"},
        {"tool": "b", "name": "Second", "a/b~c": 1}
    ]
}
`;

describe("locatePointer", () => {
  it("finds a value, an array item and an escaped key exactly", () => {
    const at = locatePointer(text, "/agent/display_name");
    expect(text.slice(at.from, at.to)).toBe('"Homes"');
    expect(at.exact).toBe(true);
    const item = locatePointer(text, "/capabilities/1/name");
    expect(text.slice(item.from, item.to)).toBe('"Second"');
    const escaped = locatePointer(text, "/capabilities/1/a~1b~0c");
    expect(text.slice(escaped.from, escaped.to)).toBe("1");
  });

  it("points a missing field at the opening of the object that should hold it", () => {
    const at = locatePointer(text, "/capabilities/0/summary");
    expect(at.exact).toBe(false);
    expect(text.slice(at.from, at.to)).toBe("{");
    expect(text.slice(0, at.from).split("\n").length).toBe(4);
  });

  it("puts the root at the first character", () => {
    expect(locatePointer(text, "")).toMatchObject({ from: 0, exact: true });
  });
});

describe("setValueInText (form → JSON)", () => {
  it("replaces a value in place and keeps every other line as written", () => {
    const edit = setValueInText(text, "/capabilities/0/name", "Renamed");
    expect(edit).toEqual({ ok: true, text: text.replace('"name": "First"', '"name": "Renamed"') });
  });

  it("writes an object value indented like the line it sits on", () => {
    const edit = setValueInText(text, "/agent/handle", { a: 1 });
    if (!edit.ok) throw new Error(edit.reason);
    expect(edit.text).toContain('"handle": {\n        "a": 1\n    }');
    expect(JSON.parse(edit.text).agent.handle).toEqual({ a: 1 });
  });

  it("adds a missing field, and removes one, in the document's own indentation", () => {
    const added = setValueInText(text, "/capabilities/0/summary", "Searches homes for sale.");
    if (!added.ok) throw new Error(added.reason);
    expect(JSON.parse(added.text).capabilities[0].summary).toBe("Searches homes for sale.");
    expect(added.text).toContain('\n    "agent": {');
    expect(added.text.endsWith("}\n")).toBe(true);
    const removed = setValueInText(added.text, "/capabilities/1/a~1b~0c", undefined);
    if (!removed.ok) throw new Error(removed.reason);
    expect(JSON.parse(removed.text).capabilities[1]).toEqual({ tool: "b", name: "Second" });
  });

  it("creates the objects on the way to a new nested field", () => {
    const edit = setValueInText(text, "/defaults/data/inputs/retention", "none");
    if (!edit.ok) throw new Error(edit.reason);
    expect(JSON.parse(edit.text).defaults).toEqual({ data: { inputs: { retention: "none" } } });
  });

  it("refuses while the text is not valid JSON, leaving it to the JSON view", () => {
    expect(setValueInText('{"a": ', "/a", 1)).toEqual({ ok: false, reason: expect.stringContaining("syntax error") });
  });
});

describe("JSON → form", () => {
  it("reads what a field shows by its pointer", () => {
    const doc: unknown = JSON.parse(text);
    expect(valueAt(doc, "/capabilities/1/name")).toBe("Second");
    expect(valueAt(doc, "/capabilities/5/name")).toBeUndefined();
    expect(valueAt(doc, "/agent/missing")).toBeUndefined();
  });

  it("detects the document's indentation", () => {
    expect(detectIndent(text)).toBe("    ");
    expect(detectIndent("{}")).toBe("  ");
    expect(detectIndent('{\n\t"a": 1\n}')).toBe("\t");
  });
});
