"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PlacedError } from "@/lib/domain/publishing/draft-check";
import { confirmSuggestionAction, saveDraftAction } from "@/lib/domain/publishing/draft-actions";

const AUTOSAVE_MS = 800;

export type SaveStatus = { kind: "saved" } | { kind: "saving" } | { kind: "pending" } | { kind: "failed"; message: string };

export function parseDoc(text: string): { ok: true; doc: unknown } | { ok: false } {
  try {
    return { ok: true, doc: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * The draft's text as edited, saved a moment after each change (and at once on "Save draft" or a confirmed
 * suggestion), with the check's errors of the latest save and the last text that parsed, which the form shows
 * while the JSON has a syntax error. Leaving with a change not yet saved makes the browser ask first.
 */
export function useDraftAutosave(draftId: string, initialText: string, initialErrors: PlacedError[]) {
  const router = useRouter();
  const [text, setText] = useState(initialText);
  const [lastValid, setLastValid] = useState<unknown>(() => {
    const parsed = parseDoc(initialText);
    return parsed.ok ? parsed.doc : null;
  });
  const [errors, setErrors] = useState<PlacedError[]>(initialErrors);
  const [status, setStatus] = useState<SaveStatus>({ kind: "saved" });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sequence = useRef(0);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const unsaved = status.kind === "pending" || status.kind === "saving" || status.kind === "failed";
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  // One write at a time counts: an answer that a later save or confirmation overtook is dropped.
  const write = useCallback(
    async (call: () => Promise<Awaited<ReturnType<typeof saveDraftAction>>>) => {
      const mine = ++sequence.current;
      setStatus({ kind: "saving" });
      const result = await call();
      if (mine !== sequence.current) return;
      if (result.ok) {
        setStatus({ kind: "saved" });
        setErrors(result.data.errors);
        // The preview beside the editor is rendered on the server from the saved draft.
        router.refresh();
      } else {
        setStatus({ kind: "failed", message: result.message });
      }
    },
    [router],
  );

  const save = useCallback((value: string) => write(() => saveDraftAction({ id: draftId, text: value })), [draftId, write]);

  const changeText = useCallback(
    (value: string) => {
      setText(value);
      const parsed = parseDoc(value);
      if (parsed.ok) setLastValid(parsed.doc);
      setStatus({ kind: "pending" });
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(value), AUTOSAVE_MS);
    },
    [save],
  );

  /** Saves now, without waiting for the pause after typing. */
  const saveNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    void save(text);
  }, [save, text]);

  /** A suggestion confirmed as it stands: the text is saved with it, and the check comes back without it. */
  const confirmNow = useCallback(
    (path: string) => {
      if (timer.current) clearTimeout(timer.current);
      return write(() => confirmSuggestionAction({ id: draftId, path, text }));
    },
    [draftId, text, write],
  );

  return { text, lastValid, errors, status, changeText, saveNow, confirmNow };
}
