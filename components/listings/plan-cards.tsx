import type { JsonValue } from "@/lib/agent-file/types";
import type { CatalogPlan } from "@/lib/catalog/read-model";
import { fieldLabel, formatUsd, planTypeLabels } from "@/lib/listings/labels";

// Fields shown in a plan's headline; every other field of the plan is listed as written.
const headlineFields = new Set(["price_usd", "daily_limit", "type", "plan_id"]);

function valueWords(value: JsonValue): string {
  if (value === null) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value);
}

function headline(plan: CatalogPlan): string | null {
  if (plan.type === "free") return null;
  if (plan.priceUsd === null) return "Price not stated";
  const price = formatUsd(plan.priceUsd);
  return plan.type === "per_call" ? `${price} per call` : price;
}

function PlanCard({ plan, payment }: { plan: CatalogPlan; payment: { link: string; note: string | null } | null }) {
  const extra = Object.entries(plan.extra).filter(([key]) => !headlineFields.has(key));
  const titleId = `plan-${plan.planId}`;
  const price = headline(plan);
  return (
    <section aria-labelledby={titleId} className="flex h-full flex-col gap-2 rounded-lg border border-border bg-surface p-4">
      <h3 id={titleId} className="font-semibold">
        {planTypeLabels[plan.type]}
        {plan.planId !== plan.type ? <span className="font-normal text-muted-foreground"> · {plan.planId}</span> : null}
      </h3>
      {price !== null ? <p className="text-lg font-semibold">{price}</p> : null}
      {plan.dailyLimit !== null ? (
        <p className="text-sm">
          Up to {plan.dailyLimit} run{plan.dailyLimit === 1 ? "" : "s"} a day
        </p>
      ) : plan.type === "free" ? (
        <p className="text-sm text-muted-foreground">No daily limit stated</p>
      ) : null}
      {extra.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {extra.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{fieldLabel(key)}</dt>
              <dd className="break-words">{valueWords(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {plan.type !== "free" ? (
        payment ? (
          <div className="mt-auto pt-2 text-sm">
            <a href={payment.link} rel="noopener noreferrer" className="font-medium text-accent underline">
              Pay at the provider
            </a>
            {payment.note ? <p className="mt-1 text-muted-foreground">{payment.note}</p> : null}
          </div>
        ) : (
          <p className="mt-auto pt-2 text-sm text-warning">
            Not yet available to run from Explore: the provider has no payment link yet.
          </p>
        )
      ) : null}
    </section>
  );
}

/** The capability's plans, in USD, with where to pay for the paid ones. */
export function PlanCards({ plans, payment }: { plans: CatalogPlan[]; payment: { link: string; note: string | null } | null }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {plans.map((plan) => (
        <li key={plan.planId}>
          <PlanCard plan={plan} payment={payment} />
        </li>
      ))}
    </ul>
  );
}
