import type { CatalogPlan } from "@/lib/catalog/read-model";
import { planExtraFields, planHeadline } from "@/lib/payments/plan-words";

function PlanCard({ plan, title, payment }: { plan: CatalogPlan; title: string; payment: { link: string; note: string | null } | null }) {
  const extra = planExtraFields(plan);
  const titleId = `plan-${plan.planId}`;
  return (
    <section aria-labelledby={titleId} className="flex h-full flex-col gap-2 rounded-lg border border-border bg-surface p-4">
      <h3 id={titleId} className="font-semibold">
        {title}
      </h3>
      {extra.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {extra.map(({ label, value }) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{value}</dd>
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

/** The capability's plans in words, with where to pay for the paid ones. */
export function PlanCards({ plans, payment }: { plans: CatalogPlan[]; payment: { link: string; note: string | null } | null }) {
  const headlines = plans.map(planHeadline);
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {plans.map((plan, i) => {
        const headline = headlines[i] ?? planHeadline(plan);
        // The plan's ID only where two plans would otherwise read the same.
        const title = headlines.filter((h) => h === headline).length > 1 ? `${headline} · ${plan.planId}` : headline;
        return (
          <li key={plan.planId}>
            <PlanCard plan={plan} title={title} payment={payment} />
          </li>
        );
      })}
    </ul>
  );
}
