"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { initialResult, type ActionResult } from "@/lib/foundations/action-result";
import { answerRequestAction, closeRequestAction } from "@/lib/domain/network/operator-actions";

function Status({ result, id }: { result: ActionResult | null; id: string }) {
  return (
    <p id={id} role="status" aria-live="polite" className={result?.ok === false ? "text-sm text-danger" : "text-sm text-success"}>
      {result?.message}
    </p>
  );
}

export function AnswerRequestForm({ id }: { id: string }) {
  const [result, action, pending] = useActionState(answerRequestAction, initialResult);
  const errors = result && !result.ok ? result.fieldErrors?.answer : undefined;
  return (
    <form action={action} className="flex flex-col gap-3">
      <input type="hidden" name="id" value={id} />
      <div>
        <Label htmlFor="answer">Your answer</Label>
        <Textarea
          id="answer"
          name="answer"
          rows={6}
          required
          maxLength={8000}
          aria-invalid={errors ? true : undefined}
          aria-describedby="answer-error"
          className="mt-1"
        />
        <FieldError id="answer-error" messages={errors} />
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          Send answer
        </Button>
        <Status result={result} id="answer-status" />
      </div>
    </form>
  );
}

export function CloseRequestForm({ id }: { id: string }) {
  const [result, action, pending] = useActionState(closeRequestAction, initialResult);
  return (
    <form action={action} className="flex items-center gap-3">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" disabled={pending}>
        Close request
      </Button>
      <Status result={result} id="close-status" />
    </form>
  );
}
