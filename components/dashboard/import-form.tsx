"use client";

import Link from "next/link";
import { useActionState, useState, type FormEvent } from "react";
import { Button, buttonClassName } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { fail, initialResult, type FieldErrors } from "@/lib/foundations/action-result";
import { importAgentAction } from "@/lib/domain/publishing/entry-actions";
import { openInEditorAction } from "@/lib/domain/publishing/draft-actions";
import { MAX_AGENT_FILE_BYTES, oversizeFieldErrors, shownErrors, TOO_LARGE_SUMMARY, type ImportFormResult } from "@/lib/domain/publishing/import-form-state";
import { agentPath } from "@/lib/model/addresses/paths";
import { ReplaceConfirmation } from "./replace-confirmation";

// Checked here before sending: a body over Next's server-action limit never reaches the action, and the
// person would get an error page instead of these words. The server checks the same again.
function oversizeErrors(form: HTMLFormElement): FieldErrors | null {
  const data = new FormData(form);
  const text = data.get("text");
  const file = data.get("file");
  return oversizeFieldErrors(typeof text === "string" ? text : null, file instanceof File ? file.size : null);
}

/**
 * Paste or upload an agent.json; problems are listed beside the document, which is kept as written.
 * `initialText`: a document to start from (a draft made by "Connect an MCP server").
 */
export function ImportForm({ initialText = "" }: { initialText?: string }) {
  const [serverResult, formAction, pending] = useActionState(importAgentAction, initialResult);
  const [refused, setRefused] = useState<FieldErrors | null>(null);
  // The document shown: as last imported or refused, so nothing typed is lost.
  const text = serverResult === null ? initialText : serverResult.ok ? serverResult.data.text : (serverResult.details?.text ?? "");
  const result: ImportFormResult | null = refused ? fail(TOO_LARGE_SUMMARY, refused, { errors: [], text }) : serverResult;
  const imported = result?.ok ? result.data : null;
  const failed = result && !result.ok ? result : null;
  const invalid = failed !== null;
  const checkSize = (event: FormEvent<HTMLFormElement>) => {
    const errors = oversizeErrors(event.currentTarget);
    // React does not call the form's action for a submit event whose default was prevented.
    if (errors) event.preventDefault();
    setRefused(errors);
  };
  const documentErrors = failed?.details?.errors ?? [];
  const listed = shownErrors(documentErrors);
  const textErrors = failed?.fieldErrors?.text;
  const fileErrors = failed?.fieldErrors?.file;
  const question = failed?.details?.confirm;
  const publishSent = failed?.details?.publish ?? false;

  return (
    <form action={formAction} onSubmit={checkSize} className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor="agent-json">agent.json, or a document in another format</Label>
          <p id="agent-json-help" className="text-sm text-muted-foreground">
            Paste the whole document, or choose a file below. At most {MAX_AGENT_FILE_BYTES / 1024} KB. An A2A agent card, a GA4GH registry agent entry or an
            A2AWire registration opens as a draft to complete instead.
          </p>
          <Textarea
            id="agent-json"
            name="text"
            rows={20}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            defaultValue={text}
            aria-invalid={invalid && (documentErrors.length > 0 || textErrors !== undefined)}
            aria-describedby="agent-json-help agent-json-error import-result"
            className="font-mono text-xs"
          />
          <FieldError id="agent-json-error" messages={textErrors} />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="agent-file">Or upload a .json file</Label>
          <Input
            id="agent-file"
            name="file"
            type="file"
            accept=".json,application/json"
            aria-invalid={fileErrors !== undefined}
            aria-describedby="agent-file-error"
            className="h-auto py-2"
          />
          <FieldError id="agent-file-error" messages={fileErrors} />
        </div>
        <div className="flex items-center gap-2">
          <input id="publish" name="publish" type="checkbox" className="size-4" defaultChecked={publishSent} />
          <Label htmlFor="publish">Publish right away</Label>
        </div>
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? "Importing…" : "Import"}
          </Button>
        </div>
      </div>

      <div id="import-result" aria-live="polite" className="min-w-0">
        {imported ? (
          <div className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success/10 p-4">
            <h2 className="font-semibold">
              {imported.replaced ? "Updated" : "Imported"} {imported.handle}
            </h2>
            <p className="text-sm">
              {imported.published
                ? "It is published: its services are on Explore."
                : "It is not published yet: publish it from the dashboard when you are ready."}
            </p>
            <p className="flex flex-wrap gap-3">
              <Link href="/dashboard" className={buttonClassName({ variant: "secondary", size: "sm" })}>
                Go to the dashboard
              </Link>
              {imported.published ? (
                <Link href={agentPath(imported.handle)} className={buttonClassName({ variant: "secondary", size: "sm" })}>
                  View its page
                </Link>
              ) : null}
            </p>
          </div>
        ) : failed && question ? (
          <ReplaceConfirmation
            message={failed.message}
            question={question}
            choices={[{ label: publishSent ? "Yes, replace it and publish" : "Yes, replace it" }]}
          />
        ) : failed ? (
          <div className="flex flex-col gap-3 rounded-lg border border-danger/40 bg-danger/10 p-4">
            <h2 className="font-semibold text-danger">{failed.message}</h2>
            {documentErrors.length > 0 ? (
              <>
                <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm">
                  {listed.shown.map((error, i) => (
                    <li key={`${error.path}-${i}`}>
                      <code className="break-all font-mono text-xs">{error.path === "" ? "(the document)" : error.path}</code>
                      <span className="block">{error.message}</span>
                    </li>
                  ))}
                </ol>
                {listed.more > 0 ? (
                  <p className="text-sm">
                    and {listed.more} more {listed.more === 1 ? "problem" : "problems"}; fix these and import again to see the rest.
                  </p>
                ) : null}
                {failed.details?.format ? (
                  <p className="text-sm">Fix these in the document and import it again: a draft is opened once it reads.</p>
                ) : (
                  <div>
                    {/* Saves the document as it is in the box as a draft, and opens it in the editor. */}
                    <Button type="submit" variant="secondary" size="sm" formAction={openInEditorAction} name="source" value="import">
                      Open in the editor
                    </Button>
                  </div>
                )}
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}
