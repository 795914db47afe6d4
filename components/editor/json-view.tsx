"use client";

import { useEffect, useRef } from "react";
import { basicSetup, EditorView } from "codemirror";
import { json } from "@codemirror/lang-json";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { EditorSelection } from "@codemirror/state";
import type { PlacedError } from "@/lib/publishing/draft-check";

// The draft's JSON in CodeMirror 6: line numbers, the check's errors as lint diagnostics at their places,
// and a jump to one from the error list. Loaded only by the editor page (next/dynamic, no SSR).

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

  // A form edit: the new text replaces the view's (the update listener then sees the same text again).
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
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

  return <div ref={host} className="min-h-64 overflow-hidden rounded-md border border-border bg-surface text-sm [&_.cm-editor]:max-h-[70vh] [&_.cm-scroller]:font-mono" />;
}
