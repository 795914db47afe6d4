"use client";

import { Button } from "@/components/ui/button";
import { PLAN_TYPES } from "@/lib/model/agent-file/types";
import { valueAt } from "@/lib/domain/publishing/json-text";
import { NumberField, SelectField, TextField, useEditorDoc } from "./fields";

const typeLabels: Record<(typeof PLAN_TYPES)[number], string> = { free: "Free", per_call: "Per call", subscription: "Subscription", pack: "Pack of calls" };

/** A list of plans (`base`: "/defaults/plans" or a capability's "/capabilities/0/plans"). */
export function PlansForm({ base }: { base: string }) {
  const { doc, set, frozen } = useEditorDoc();
  const current = valueAt(doc, base);
  const plans = Array.isArray(current) ? current : [];
  return (
    <div className="flex flex-col gap-3">
      {plans.length === 0 ? <p className="text-sm text-muted-foreground">No plans: the service is free, without a stated limit.</p> : null}
      <ol className="flex flex-col gap-3">
        {plans.map((_, i) => (
          <li key={i} className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-2">
            <SelectField
              pointer={`${base}/${i}/type`}
              label={`Plan ${i + 1}: type`}
              options={PLAN_TYPES.map((t) => ({ value: t, label: typeLabels[t] }))}
              unsetLabel="Choose…"
            />
            <TextField pointer={`${base}/${i}/plan_id`} label="Plan ID" optional />
            <NumberField pointer={`${base}/${i}/price_usd`} label="Price (USD)" />
            <NumberField pointer={`${base}/${i}/daily_limit`} label="Runs a day" />
            <NumberField pointer={`${base}/${i}/calls`} label="Calls in a pack" help="For a pack: how many calls one purchase gives." />
            <TextField pointer={`${base}/${i}/period`} label="Subscription period" optional help="For a subscription: month, week, day or year." />
            <TextField
              pointer={`${base}/${i}/stripe_payment_link`}
              label="Stripe Payment Link ID"
              optional
              help="plink_…, for Stripe-verified payments (docs: payments). Not shown to consumers."
            />
            <TextField
              pointer={`${base}/${i}/stripe_payment_url`}
              label="Stripe Payment Link URL"
              optional
              help="https://buy.stripe.com/…, where people pay for this plan; without it, the agent's payment link."
            />
            <div className="sm:col-span-2">
              <Button variant="ghost" size="sm" disabled={frozen} onClick={() => set(`${base}/${i}`, undefined)}>
                Remove plan {i + 1}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button variant="secondary" size="sm" disabled={frozen} onClick={() => set(base, [...plans, { type: "free" }])}>
          Add a plan
        </Button>
      </div>
    </div>
  );
}
