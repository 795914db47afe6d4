"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { initialResult } from "@/lib/foundations/action-result";
import { saveDraftMaintainersAction } from "@/lib/domain/publishing/draft-actions";

/**
 * The editor's "Registry maintainers" field: who answers for the agent in its GA4GH registry entry. agent.json
 * has no place for it, so it is saved beside the draft with its own button and goes with the agent when the
 * draft is published. Until one is stated, the agent's GA4GH export says that it is missing.
 */
export function MaintainersForm({ draftId, initialLines }: { draftId: string; initialLines: string }) {
  const [result, formAction, pending] = useActionState(saveDraftMaintainersAction, initialResult);
  const text = result && !result.ok ? (result.details?.maintainers ?? initialLines) : initialLines;
  const errors = result && !result.ok ? result.fieldErrors?.maintainers : undefined;
  return (
    <section aria-labelledby="maintainers-heading" className="flex flex-col gap-2">
      <h2 id="maintainers-heading" className="text-lg font-semibold">
        Registry maintainers
      </h2>
      <form action={formAction} className="flex flex-col gap-2">
        <input type="hidden" name="id" value={draftId} />
        <Label htmlFor="draft-maintainers">Maintainers for the GA4GH registry entry</Label>
        <p id="draft-maintainers-help" className="text-sm text-muted-foreground">
          One a line: name, GitHub user name, and optionally an affiliation and an ORCID iD — for example “Ada Lovelace, ada-l, Analytical Engines,
          0000-0002-1825-0097”. A registry entry names at least one; Explore takes them only from here, never from your account. They are not part of
          agent.json.
        </p>
        <Textarea
          id="draft-maintainers"
          name="maintainers"
          rows={3}
          defaultValue={text}
          spellCheck={false}
          aria-invalid={errors !== undefined}
          aria-describedby="draft-maintainers-help draft-maintainers-error draft-maintainers-status"
        />
        <FieldError id="draft-maintainers-error" messages={errors} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" size="sm" disabled={pending}>
            Save maintainers
          </Button>
          <p
            id="draft-maintainers-status"
            role="status"
            aria-live="polite"
            className={result && !result.ok ? "text-sm text-danger" : "text-sm text-muted-foreground"}
          >
            {result?.message ?? null}
          </p>
        </div>
      </form>
    </section>
  );
}
