import type { RunPlan } from "@/lib/domain/runs/run-types";

// The plans a run may use, with what is left of each and where to pay. With one plan it is a sentence;
// with several, a radio group (the free quota is chosen first). Unavailable plans say why and link to the
// provider, where a payment carries the person's pseudonymous client_reference_id.

export function planKey(plan: RunPlan): string {
  return plan.planId ?? "";
}

function standing(plan: RunPlan): string | null {
  if (plan.allowance) {
    const left = Math.max(0, plan.allowance.limit - plan.allowance.used);
    return `${left} of ${plan.allowance.limit} free runs left today (resets at midnight UTC)`;
  }
  if (plan.kind === "calls" && plan.available && plan.callsLeft !== null)
    return `${plan.callsLeft.toLocaleString("en-US")} call${plan.callsLeft === 1 ? "" : "s"} left`;
  if (plan.kind === "subscription" && plan.activeUntil) {
    return `active, paid through ${new Date(plan.activeUntil).toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" })}`;
  }
  if (plan.kind === "provider") return "billed by the provider";
  return null;
}

function BuyLink({ plan }: { plan: RunPlan }) {
  if (!plan.buyLink || plan.kind === "free") return null;
  const words =
    plan.kind === "calls" && plan.callsLeft !== null && plan.callsLeft > 0
      ? "Buy more at the provider"
      : plan.kind === "subscription"
        ? "Subscribe at the provider"
        : "Pay at the provider";
  return (
    <a href={plan.buyLink} target="_blank" rel="noopener noreferrer" className="text-accent underline">
      {words}
      <span className="sr-only"> ({plan.words}, opens in a new tab)</span>
    </a>
  );
}

function PlanLine({ plan }: { plan: RunPlan }) {
  const state = standing(plan);
  return (
    <span className="flex flex-col gap-0.5">
      <span>
        <span className="font-medium">{plan.words}</span>
        {state ? <span className="text-muted-foreground"> · {state}</span> : null}
      </span>
      {plan.unavailable ? <span className="text-muted-foreground">{plan.unavailable}</span> : null}
    </span>
  );
}

/** What a Stripe-verified call costs in each outcome (docs/payments.md, "What a run costs"), and the provider's note. */
export function PlanNotes({ plans, paymentNote }: { plans: readonly RunPlan[]; paymentNote: string | null }) {
  const calls = plans.some((p) => p.kind === "calls");
  const buying = plans.some((p) => p.buyLink !== null);
  if (!calls && !(buying && paymentNote)) return null;
  return (
    <div className="flex flex-col gap-1 text-xs text-muted-foreground">
      {calls ? (
        <p>
          A run spends one call, given back if the run fails or the tool reports an error; a dry run, a refresh or a repeat spends none; an unknown outcome
          keeps it spent.
        </p>
      ) : null}
      {buying && paymentNote ? <p>From the provider: {paymentNote}</p> : null}
    </div>
  );
}

/** The plans as a list, for a panel that cannot run now (nothing left, or only plans to buy). */
export function PlanList({ plans }: { plans: readonly RunPlan[] }) {
  if (plans.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2 text-sm" aria-label="Plans">
      {plans.map((plan) => (
        <li key={planKey(plan)} className="rounded-md border border-border p-2">
          <PlanLine plan={plan} /> <BuyLink plan={plan} />
        </li>
      ))}
    </ul>
  );
}

export function PlanPicker({
  plans,
  chosen,
  onChoose,
  disabled,
}: {
  plans: readonly RunPlan[];
  chosen: string;
  onChoose: (key: string) => void;
  disabled: boolean;
}) {
  if (plans.length === 0) return null;
  const only = plans.length === 1 ? plans[0] : undefined;
  if (only) {
    if (only.planId === null) return null;
    return (
      <div className="flex flex-col gap-1 text-sm">
        <span className="text-muted-foreground">Plan for this run</span>
        <PlanLine plan={only} />
        {only.kind === "calls" || only.kind === "subscription" ? <BuyLink plan={only} /> : null}
      </div>
    );
  }
  return (
    <fieldset className="flex flex-col gap-2 text-sm" disabled={disabled}>
      <legend className="mb-1 font-medium">Plan for this run</legend>
      {plans.map((plan) => {
        const key = planKey(plan);
        const id = `run-plan-${key || "none"}`;
        return (
          <div key={key} className="flex items-start gap-2 rounded-md border border-border p-2 has-[:checked]:border-accent">
            <input
              type="radio"
              name="run-plan"
              id={id}
              value={key}
              checked={chosen === key}
              disabled={!plan.available}
              onChange={() => onChoose(key)}
              className="mt-1"
            />
            <div className="flex flex-col gap-0.5">
              <label htmlFor={id} className={plan.available ? undefined : "text-muted-foreground"}>
                <PlanLine plan={plan} />
              </label>
              {plan.kind === "calls" || plan.kind === "subscription" ? <BuyLink plan={plan} /> : null}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
