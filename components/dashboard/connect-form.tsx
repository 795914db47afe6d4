"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { controlClassName, Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { initialResult } from "@/lib/foundations/action-result";
import { connectMcpAction } from "@/lib/domain/publishing/entry-actions";
import type { ConnectFormKept } from "@/lib/domain/publishing/connect-form-state";
import { ConnectResult } from "./connect-result";
import { openInEditorAction } from "@/lib/domain/publishing/draft-actions";

const empty: ConnectFormKept = { url: "", headerName: "", compare: "" };

/** A URL (and a header for this call only) in; the tools found, what changed, and a draft to import out. */
export function ConnectForm({ ownHandles }: { ownHandles: string[] }) {
  const [result, formAction, pending] = useActionState(connectMcpAction, initialResult);
  const kept = result === null ? empty : result.ok ? result.data.kept : (result.details ?? empty);
  const errors = result !== null && !result.ok ? (result.fieldErrors ?? {}) : {};
  const failed = result !== null && !result.ok ? result : null;
  const draft = result?.ok ? result.data : null;
  const invalid = (name: string) => errors[name] !== undefined;

  return (
    <div className="flex flex-col gap-8">
      {/* Keyed by what was kept, so the fields show it again after React resets the form. */}
      <form key={JSON.stringify(kept)} action={formAction} className="flex max-w-2xl flex-col gap-4" autoComplete="off">
        <div className="flex flex-col gap-1">
          <Label htmlFor="connect-url">MCP server URL</Label>
          <p id="connect-url-help" className="text-sm text-muted-foreground">
            Its Streamable HTTP endpoint, e.g. https://mcp.example.com/mcp.
          </p>
          <Input
            id="connect-url"
            name="url"
            type="url"
            required
            defaultValue={kept.url}
            aria-invalid={invalid("url")}
            aria-describedby="connect-url-help connect-url-error"
          />
          <FieldError id="connect-url-error" messages={errors.url} />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">A header for this call (optional)</legend>
          <p id="connect-header-help" className="text-sm text-muted-foreground">
            For a server behind a key. Sent with this call only; Explore does not keep it, and you type it again next time.
          </p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1">
              <Label htmlFor="connect-header-name">Header name</Label>
              <Input
                id="connect-header-name"
                name="headerName"
                placeholder="Authorization"
                defaultValue={kept.headerName}
                aria-invalid={invalid("headerName")}
                aria-describedby="connect-header-help connect-header-name-error"
              />
              <FieldError id="connect-header-name-error" messages={errors.headerName} />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="connect-header-value">Header value</Label>
              <Input
                id="connect-header-value"
                name="headerValue"
                type="password"
                autoComplete="off"
                aria-invalid={invalid("headerValue")}
                aria-describedby="connect-header-help connect-header-value-error"
              />
              <FieldError id="connect-header-value-error" messages={errors.headerValue} />
            </div>
          </div>
        </fieldset>
        {ownHandles.length > 0 ? (
          <div className="flex flex-col gap-1">
            <Label htmlFor="connect-compare">Compare with my agent (optional)</Label>
            <select
              id="connect-compare"
              name="compare"
              defaultValue={kept.compare}
              aria-invalid={invalid("compare")}
              aria-describedby="connect-compare-error"
              className={`${controlClassName} h-10`}
            >
              <option value="">Don&apos;t compare</option>
              {ownHandles.map((handle) => (
                <option key={handle} value={handle}>
                  {handle}
                </option>
              ))}
            </select>
            <FieldError id="connect-compare-error" messages={errors.compare} />
          </div>
        ) : null}
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? "Connecting…" : "Connect"}
          </Button>
        </div>
      </form>

      <div aria-live="polite">
        {failed ? (
          <div className="rounded-lg border border-danger/40 bg-danger/10 p-4">
            <h2 className="font-semibold text-danger">{failed.message}</h2>
          </div>
        ) : draft ? (
          <ConnectResult draft={draft} />
        ) : null}
      </div>

      {draft ? (
        <section id="import-draft" aria-labelledby="import-draft-title" className="flex flex-col gap-3">
          <h2 id="import-draft-title" className="text-xl font-semibold">
            Complete the draft in the editor
          </h2>
          <p className="text-sm text-muted-foreground">
            The draft is completed in the editor: write each value left as null, and confirm or change each of the {draft.suggestions.length} values Explore
            suggested from the tools (classes, categories, the execution mode…). It is not published until every one is.
          </p>
          <form action={openInEditorAction} className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="text" value={draft.draftText} />
            <input type="hidden" name="suggestions" value={JSON.stringify(draft.suggestions)} />
            <input type="hidden" name="source" value="connect" />
            <Button type="submit">Open in the editor</Button>
            <span className="text-sm text-muted-foreground">A form per section, every problem at once, and a preview. Saved as a draft.</span>
          </form>
        </section>
      ) : null}
    </div>
  );
}
