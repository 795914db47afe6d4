"use client";

import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { setApiTokenScopeAction } from "@/lib/domain/api-tokens/actions";
import { initialResult } from "@/lib/foundations/action-result";

// What one personal API token lets an agent run as you: the consent the Run panel asks for on each paid run,
// given once here. A plain form, so it works without JavaScript; the action re-checks whose token it is.

export type TokenScope = { id: string; label: string; paidRuns: boolean; spendCapUsd: string; agentHandles: string[]; externalActions: boolean };

export function TokenScopeForm({ token }: { token: TokenScope }) {
  const [result, action, pending] = useActionState(setApiTokenScopeAction, initialResult);
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  const id = `scope-${token.id}`;
  return (
    <form action={action} className="flex flex-col gap-3" aria-label={`What ${token.label} may do`}>
      <input type="hidden" name="tokenId" value={token.id} />
      <CheckboxField id={`${id}-paid`} name="paidRuns" label="Paid runs too" defaultChecked={token.paidRuns}>
        <p>
          Off: free runs only. On: also calls you already bought (packs, prepaid calls, subscriptions) and plans the provider bills, whose per-call prices may
          add up to the cap below in any 30 days.
        </p>
      </CheckboxField>
      <CheckboxField id={`${id}-actions`} name="externalActions" label="External actions, each confirmed" defaultChecked={token.externalActions}>
        <p>
          Off: services that act outside Explore (book, send, buy) never run with this token. On: each such run first asks a person to confirm it in the
          agent&apos;s client (MCP elicitation); a client that cannot ask is refused.
        </p>
      </CheckboxField>
      <div>
        <Label htmlFor={`${id}-cap`}>Cap on per-call prices in 30 days (USD)</Label>
        <Input
          id={`${id}-cap`}
          name="spendCapUsd"
          inputMode="decimal"
          defaultValue={token.spendCapUsd}
          aria-invalid={errors?.spendCapUsd ? true : undefined}
          aria-describedby={`${id}-cap-error`}
          className="mt-1 max-w-[10rem]"
        />
        <FieldError id={`${id}-cap-error`} messages={errors?.spendCapUsd} />
      </div>
      <div>
        <Label htmlFor={`${id}-agents`}>Only these agents (their handles; leave empty for every agent)</Label>
        <Input
          id={`${id}-agents`}
          name="agents"
          defaultValue={token.agentHandles.join(", ")}
          placeholder="@unit-forge, @doc-digest"
          aria-invalid={errors?.agents ? true : undefined}
          aria-describedby={`${id}-agents-error`}
          className="mt-1"
        />
        <FieldError id={`${id}-agents-error`} messages={errors?.agents} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? "Saving…" : "Save"}
          <span className="sr-only"> what {token.label} may do</span>
        </Button>
        <span role="status" aria-live="polite" className={`text-sm ${result && !result.ok ? "text-danger" : ""}`}>
          {result ? result.message : null}
        </span>
      </div>
    </form>
  );
}
