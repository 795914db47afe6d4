"use client";

import { useEffect, useRef } from "react";
import { basicSetup, EditorView } from "codemirror";
import { json } from "@codemirror/lang-json";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { EditorSelection } from "@codemirror/state";
import { tags } from "@lezer/highlight";
import type { PlacedError } from "@/lib/domain/publishing/draft-check";
import { textChange } from "./text-change";

// The draft's JSON in CodeMirror 6: line numbers, the check's errors as lint diagnostics at their places,
// and a jump to one from the error list. Loaded only by the editor page (next/dynamic, no SSR).

// Colours from the site's own tokens, so the view follows light and dark mode like the rest of the page.
const theme = EditorView.theme({
  "&": { color: "var(--foreground)", backgroundColor: "var(--surface)" },
  ".cm-content": { caretColor: "var(--foreground)" },
  "&.cm-focused .cm-cursor": { borderLeftColor: "var(--foreground)" },
  "&.cm-focused": { outline: "2px solid var(--focus)" },
  ".cm-gutters": { backgroundColor: "var(--muted)", color: "var(--muted-foreground)", borderColor: "var(--border)" },
  ".cm-activeLine, .cm-activeLineGutter": { backgroundColor: "color-mix(in srgb, var(--muted) 70%, transparent)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground": {
    backgroundColor: "color-mix(in srgb, var(--accent) 30%, transparent)",
  },
  ".cm-tooltip": { backgroundColor: "var(--surface)", color: "var(--foreground)", borderColor: "var(--border)" },
});

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: "var(--accent)" },
  { tag: tags.string, color: "var(--success)" },
  { tag: tags.number, color: "var(--info)" },
  { tag: [tags.bool, tags.null], color: "var(--warning)" },
]);

export type JumpRequest = { from: number; to: number; nonce: number };

type Props = { value: string; errors: PlacedError[]; jump: JumpRequest | null; onChange: (text: string) => void; labelledBy: string };

function diagnosticsOf(errors: PlacedError[], length: number): Diagnostic[] {
  return errors.map((e) => {
    const from = Math.min(e.from, length);
    return { from, to: Math.max(from, Math.min(e.to, length)), severity: "error", message: `${e.path === "" ? "(the document)" : e.path}: ${e.message}` };
  });
}

export default function JsonView({ value, errors, jump, onChange, labelledBy }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      doc: value,
      extensions: [
        basicSetup,
        json(),
        theme,
        syntaxHighlighting(highlight),
        lintGutter(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ "aria-labelledby": labelledBy, "aria-multiline": "true" }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed.current(update.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The view is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A form edit: only the range that differs is replaced, so the cursor stays where the person left it
  // (the update listener then sees the same text again).
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: textChange(current, value) });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(setDiagnostics(editor.state, diagnosticsOf(errors, editor.state.doc.length)));
  }, [errors]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || !jump) return;
    const length = editor.state.doc.length;
    const from = Math.min(jump.from, length);
    editor.dispatch({ selection: EditorSelection.range(from, Math.min(Math.max(jump.to, from), length)), scrollIntoView: true });
    editor.focus();
  }, [jump]);

  return (
    <div
      ref={host}
      className="min-h-64 overflow-hidden rounded-md border border-border bg-surface text-sm [&_.cm-editor]:max-h-[70vh] [&_.cm-scroller]:font-mono"
    />
  );
}
