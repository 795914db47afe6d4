"use client";

import dynamic from "next/dynamic";
import { useActionState, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useHydrated } from "@/components/ui/use-hydrated";
import { initialResult } from "@/lib/foundations/action-result";
import { findJsonSyntaxProblem, lineAndColumn } from "@/lib/model/agent-file/json-position";
import type { JsonValue } from "@/lib/model/agent-file/types";
import type { PlacedError } from "@/lib/domain/publishing/draft-check";
import { editorFormAction } from "@/lib/domain/publishing/draft-actions";
import { importOnlyErrors } from "@/lib/domain/publishing/import-errors";
import { setValueInText } from "@/lib/domain/publishing/json-text";
import { ReplaceConfirmation } from "@/components/dashboard/replace-confirmation";
import { CapabilitiesSection } from "./capabilities-section";
import { DataDeclarationForm } from "./data-declaration-form";
import { ErrorList } from "./error-list";
import { EditorContext, type EditorDoc } from "./fields";
import type { JumpRequest } from "./json-view";
import { PlansForm } from "./plans-form";
import { ProfileAndAdapterSections } from "./profile-adapter-sections";
import { TagVocabulary } from "./tag-suggestions";
import { TermsAndPaymentForm } from "./terms-payment-form";
import { parseDoc, useDraftAutosave } from "./use-draft-autosave";

// CodeMirror is loaded by this page only, in the browser only; without JavaScript the JSON is a textarea.
const JsonView = dynamic(() => import("./json-view"), { ssr: false, loading: () => <p className="text-sm text-muted-foreground">Loading the JSON view…</p> });

function syntaxWords(text: string): string | null {
  if (parseDoc(text).ok) return null;
  const problem = findJsonSyntaxProblem(text);
  if (!problem) return "The JSON has a syntax error.";
  const { line, column } = lineAndColumn(text, problem.offset);
  return `The JSON has a syntax error at line ${line}, column ${column} (${problem.reason}). The form shows the document as it was until the JSON is valid again.`;
}

export function DraftEditor({
  draftId,
  initialText,
  initialErrors,
  conflict,
}: {
  draftId: string;
  initialText: string;
  initialErrors: PlacedError[];
  conflict: string | null;
}) {
  const hydrated = useHydrated();
  const { text, lastValid, errors, status, changeText, saveNow, confirmNow } = useDraftAutosave(draftId, initialText, initialErrors);
  const [jump, setJump] = useState<JumpRequest | null>(null);
  // The text a publish was last sent with: the import's own errors are about that text.
  const [publishedText, setPublishedText] = useState<string | null>(null);
  const [formResult, formAction, publishing] = useActionState(editorFormAction, initialResult);
  const formAnswer = formResult?.ok ? formResult.data : null;
  const publishResult = formAnswer && "published" in formAnswer ? formAnswer.published : null;
  // Only ever set without JavaScript: with it, Save, Check and each Confirm button call their action themselves.
  const saveResult = formAnswer && "saved" in formAnswer ? formAnswer.saved : null;
  const confirmResult = formAnswer && "confirmed" in formAnswer ? formAnswer.confirmed : null;

  const syntax = syntaxWords(text);
  // With JavaScript the autosave's check is the latest; without, the answer of the last post is.
  const posted = confirmResult?.ok
    ? confirmResult.data.errors
    : saveResult?.ok
      ? saveResult.data.errors
      : publishResult && !publishResult.ok && publishResult.details?.errors.length
        ? publishResult.details.errors
        : null;
  // Errors only the import finds (a handle that is taken) stay beside their field and in the list while
  // their value is unchanged; the autosave's check cannot find them again.
  const imported = publishResult && !publishResult.ok ? publishResult.details?.errors : undefined;
  const shownErrors = useMemo(() => {
    if (!hydrated) return posted ?? errors;
    return imported && publishedText !== null ? [...errors, ...importOnlyErrors(imported, errors, publishedText, text)] : errors;
  }, [hydrated, posted, errors, imported, publishedText, text]);
  const saveClicked = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    saveNow();
  };
  const doc: EditorDoc = useMemo(
    () => ({
      doc: lastValid,
      frozen: syntax !== null,
      errorsAt: (pointer: string) => shownErrors.filter((e) => e.path === pointer).map((e) => e.message),
      set: (pointer: string, value: JsonValue | undefined) => {
        const edit = setValueInText(text, pointer, value);
        if (edit.ok) changeText(edit.text);
      },
      confirm: (pointer: string) => void confirmNow(pointer),
    }),
    [lastValid, syntax, shownErrors, text, changeText, confirmNow],
  );

  const statusWords =
    status.kind === "saved" ? "Saved" : status.kind === "saving" ? "Saving…" : status.kind === "pending" ? "Unsaved changes…" : `Not saved: ${status.message}`;
  const question = publishResult && !publishResult.ok ? publishResult.details?.confirm : undefined;

  return (
    <EditorContext value={doc}>
      <TagVocabulary />
      <form action={formAction} onSubmit={() => setPublishedText(text)} className="flex min-w-0 flex-col gap-6">
        <input type="hidden" name="id" value={draftId} />
        {conflict ? (
          <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            {conflict}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p id="save-status" role="status" aria-live="polite" className={status.kind === "failed" ? "text-sm text-danger" : "text-sm text-muted-foreground"}>
            {hydrated ? statusWords : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="secondary" size="sm" name="intent" value="save" onClick={hydrated ? saveClicked : undefined} disabled={publishing}>
              Check
            </Button>
            <Button type="submit" variant="secondary" size="sm" name="intent" value="save" onClick={hydrated ? saveClicked : undefined} disabled={publishing}>
              Save draft
            </Button>
            <Button type="submit" variant="secondary" size="sm" name="publish" value="no" disabled={publishing}>
              Save as unpublished
            </Button>
            <Button type="submit" size="sm" name="publish" value="yes" disabled={publishing}>
              {publishing ? "Publishing…" : "Publish"}
            </Button>
          </div>
        </div>

        <div id="editor-result" aria-live="polite" className="flex flex-col gap-3">
          {publishResult && !publishResult.ok && question ? (
            <ReplaceConfirmation
              message={publishResult.message}
              question={question}
              choices={[
                { label: "Yes, replace it and publish", name: "publish", value: "yes" },
                { label: "Yes, replace it, unpublished", name: "publish", value: "no" },
              ]}
            />
          ) : publishResult && !publishResult.ok ? (
            <div className="rounded-lg border border-danger/40 bg-danger/10 p-4 text-sm">
              <p className="font-semibold">{publishResult.message}</p>
            </div>
          ) : null}
          {saveResult && !saveResult.ok ? <p className="text-sm text-danger">Not saved: {saveResult.message}</p> : null}
          {formResult && !formResult.ok ? <p className="text-sm text-danger">{formResult.message}</p> : null}
          {confirmResult && !confirmResult.ok ? <p className="text-sm text-danger">Not confirmed: {confirmResult.message}</p> : null}
          {confirmResult?.ok ? <p className="text-sm text-success">Saved, and the suggestion confirmed.</p> : null}
          {syntax ? <p className="rounded-md border border-danger/40 bg-danger/10 p-3 text-sm">{syntax}</p> : null}
          <ErrorList
            errors={shownErrors}
            onJump={hydrated ? (e) => setJump({ from: e.from, to: e.to, nonce: Date.now() }) : null}
            onConfirm={hydrated ? (path) => void confirmNow(path) : null}
          />
        </div>

        {hydrated ? (
          <>
            <input type="hidden" name="text" value={text} />
            <ProfileAndAdapterSections />
            <section aria-labelledby="terms-heading" className="flex flex-col gap-3">
              <h2 id="terms-heading" className="text-lg font-semibold">
                Terms and payment
              </h2>
              <TermsAndPaymentForm />
            </section>
            <section aria-labelledby="data-heading" className="flex flex-col gap-3">
              <h2 id="data-heading" className="text-lg font-semibold">
                How it handles data (every capability)
              </h2>
              <p className="text-sm text-muted-foreground">This is the label consumers read on each service page; a capability can state its own below.</p>
              <DataDeclarationForm base="/defaults/data" />
            </section>
            <section aria-labelledby="plans-heading" className="flex flex-col gap-3">
              <h2 id="plans-heading" className="text-lg font-semibold">
                Plans (every capability)
              </h2>
              <PlansForm base="/defaults/plans" />
            </section>
            <CapabilitiesSection />
            <section aria-labelledby="json-heading" className="flex flex-col gap-2">
              <h2 id="json-heading" className="text-lg font-semibold">
                JSON view
              </h2>
              <JsonView value={text} errors={shownErrors} jump={jump} onChange={changeText} labelledBy="json-heading" />
            </section>
          </>
        ) : (
          <div className="flex flex-col gap-1">
            <Label htmlFor="draft-text">agent.json</Label>
            <Textarea
              id="draft-text"
              name="text"
              rows={24}
              defaultValue={text}
              spellCheck={false}
              className="font-mono text-xs"
              aria-describedby="editor-result"
            />
          </div>
        )}
      </form>
    </EditorContext>
  );
}
