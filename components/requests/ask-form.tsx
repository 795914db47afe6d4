"use client";

import { useActionState, useState } from "react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { initialResult, type FieldErrors } from "@/lib/foundations/action-result";
import { askForCapabilityAction } from "@/lib/domain/requests/actions";
import { requestPath } from "@/lib/domain/requests/paths";
import type { AskedText } from "@/lib/domain/requests/request-input";

/**
 * The fields, kept in state: React resets a form's own fields after its action, and a refusal must lose
 * nothing. A refusal gives back what was typed (`typed`), which a form posted before the page hydrated has no other
 * way to keep; a request that was asked remounts them (a new key), empty for the next one.
 */
function AskFields({ errors, typed }: { errors: FieldErrors; typed: AskedText | undefined }) {
  const [title, setTitle] = useState(typed?.title ?? "");
  const [description, setDescription] = useState(typed?.description ?? "");
  const [tags, setTags] = useState(typed?.tags ?? "");
  const tagErrors = Object.entries(errors)
    .filter(([key]) => key === "tags" || key.startsWith("tags."))
    .flatMap(([, m]) => m);
  return (
    <>
      <div className="flex flex-col gap-1">
        <Label htmlFor="ask-title">What is missing</Label>
        <Input
          id="ask-title"
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          required
          maxLength={120}
          placeholder="OCR for scanned PDF invoices"
          aria-invalid={errors.title ? true : undefined}
          aria-describedby="ask-title-error"
        />
        <FieldError id="ask-title-error" messages={errors.title} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="ask-description">What you need it for</Label>
        <Textarea
          id="ask-description"
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          required
          maxLength={2000}
          rows={4}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby="ask-description-error"
        />
        <FieldError id="ask-description-error" messages={errors.description} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="ask-tags">Tags (optional, comma-separated)</Label>
        <p id="ask-tags-help" className="text-sm text-muted-foreground">
          The network&apos;s tags, such as ocr, translation or mortgages: publishers whose services carry them see your request.
        </p>
        <Input
          id="ask-tags"
          name="tags"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          placeholder="ocr, documents"
          aria-invalid={tagErrors.length > 0 ? true : undefined}
          aria-describedby="ask-tags-help ask-tags-error"
        />
        <FieldError id="ask-tags-error" messages={tagErrors} />
      </div>
    </>
  );
}

/** Asks for a capability no service offers yet (works without JavaScript too). */
export function AskForm() {
  const [result, action, pending] = useActionState(askForCapabilityAction, initialResult);
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <form action={action} className="flex flex-col gap-3" aria-describedby="ask-status">
      <AskFields key={result?.ok ? result.data.id : "ask"} errors={errors} typed={result && !result.ok ? result.details : undefined} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? "Asking…" : "Ask for it"}
        </Button>
        <p id="ask-status" role="status" aria-live="polite" className="text-sm">
          {result?.ok ? (
            <>
              {result.message}{" "}
              <Link href={requestPath(result.data.id)} className="text-accent underline">
                See your request
              </Link>
            </>
          ) : result ? (
            <span className="text-danger">{result.message}</span>
          ) : null}
        </p>
      </div>
    </form>
  );
}
