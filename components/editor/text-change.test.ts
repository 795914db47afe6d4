import { EditorSelection, EditorState } from "@codemirror/state";
import { describe, expect, it } from "vitest";
import { setValueInText } from "@/lib/domain/publishing/json-text";
import { textChange } from "./text-change";

// A form edit reaches the JSON view as a new text; applied as textChange, the person's cursor in the JSON view
// stays where they left it (shifted by what was inserted before it), as a real CodeMirror state shows.

function cursorAfter(text: string, cursor: number, next: string): { doc: string; head: number } {
  const state = EditorState.create({ doc: text, selection: EditorSelection.cursor(cursor) });
  const updated = state.update({ changes: textChange(text, next) }).state;
  return { doc: updated.doc.toString(), head: updated.selection.main.head };
}

const draft = `${JSON.stringify({ agent: { handle: "@homes", display_name: "Homes", purpose: "Finds homes." }, capabilities: [{ name: "Search" }] }, null, 2)}\n`;

describe("a form edit in the JSON view", () => {
  it("keeps a cursor after the edited value, shifted by the length the value gained", () => {
    const cursor = draft.indexOf("Search");
    const edit = setValueInText(draft, "/agent/display_name", "Homes and flats");
    if (!edit.ok) throw new Error(edit.reason);
    const after = cursorAfter(draft, cursor, edit.text);
    expect(after.doc).toBe(edit.text);
    expect(after.head).toBe(edit.text.indexOf("Search"));
  });

  it("keeps a cursor before the edited value exactly where it was", () => {
    const cursor = draft.indexOf("@homes");
    const edit = setValueInText(draft, "/capabilities/0/name", "Search homes");
    if (!edit.ok) throw new Error(edit.reason);
    expect(cursorAfter(draft, cursor, edit.text)).toEqual({ doc: edit.text, head: cursor });
  });

  it("changes only the differing middle, and nothing when the texts are equal", () => {
    expect(textChange("abcXYZdef", "abc12def")).toEqual({ from: 3, to: 6, insert: "12" });
    expect(textChange("same", "same")).toEqual({ from: 4, to: 4, insert: "" });
    expect(textChange("aaa", "aaaa")).toEqual({ from: 3, to: 3, insert: "a" });
    expect(textChange("", "{}")).toEqual({ from: 0, to: 0, insert: "{}" });
  });
});
