import Link from "next/link";
import { getViewer } from "@/lib/model/accounts/viewer";
import { signInPath } from "@/lib/model/accounts/return-path";
import type { CatalogPlan } from "@/lib/model/catalog/read-model";
import { servicePath } from "@/lib/model/addresses/paths";
import { planExtraFields, planHeadline } from "@/lib/domain/payments/plan-words";
import { getRunPanel } from "@/lib/domain/runs/queries";

type Payment = { link: string; note: string | null };
/** The service whose page shows the cards: its payment links are then made for the viewer. */
type ServiceKey = { handle: string; capabilityId: string };

/**
 * Where this viewer pays for a plan: the Run panel's own link, carrying their pseudonymous client_reference_id
 * (DESIGN.md "Money"), or, signed out, the way to sign in first. Read per request: a signed-out visitor's answer
 * (the one a shared cache may keep) names nobody, and a signed-in answer is never shared.
 */
async function PayAtProvider({ service, planId, note }: { service: ServiceKey; planId: string; note: string | null }) {
  const viewer = await getViewer();
  if (!viewer) {
    return (
      <div className="mt-auto pt-2 text-sm">
        <Link href={signInPath(servicePath(service.handle, service.capabilityId))} className="font-medium text-accent underline">
          Sign in to pay
        </Link>
        <p className="mt-1 text-muted-foreground">A payment reaches the provider under your pseudonymous ID on Explore, so it counts for your runs.</p>
        {note ? <p className="mt-1 text-muted-foreground">{note}</p> : null}
      </div>
    );
  }
  // The Run panel's read (React cache(): one per request), so both links are the same link.
  const panel = await getRunPanel(viewer, service.handle, service.capabilityId);
  const link = panel?.plans.find((p) => p.planId === planId)?.buyLink ?? null;
  if (!link) return null;
  return <PaymentLink link={link} note={note} />;
}

function PaymentLink({ link, note }: Payment) {
  return (
    <div className="mt-auto pt-2 text-sm">
      <a href={link} rel="noopener noreferrer" className="font-medium text-accent underline">
        Pay at the provider
      </a>
      {note ? <p className="mt-1 text-muted-foreground">{note}</p> : null}
    </div>
  );
}

function PlanCard({ plan, title, payment, service }: { plan: CatalogPlan; title: string; payment: Payment | null; service: ServiceKey | null }) {
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
          service ? (
            <PayAtProvider service={service} planId={plan.planId} note={payment.note} />
          ) : (
            <PaymentLink link={payment.link} note={payment.note} />
          )
        ) : (
          <p className="mt-auto pt-2 text-sm text-warning">Not yet available to run from Explore: the provider has no payment link yet.</p>
        )
      ) : null}
    </section>
  );
}

/** The capability's plans in words, with where to pay for the paid ones (for the viewer, given `service`). */
export function PlanCards({ plans, payment, service = null }: { plans: CatalogPlan[]; payment: Payment | null; service?: ServiceKey | null }) {
  const headlines = plans.map(planHeadline);
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {plans.map((plan, i) => {
        const headline = headlines[i] ?? planHeadline(plan);
        // The plan's ID only where two plans would otherwise read the same.
        const title = headlines.filter((h) => h === headline).length > 1 ? `${headline} · ${plan.planId}` : headline;
        return (
          <li key={plan.planId}>
            <PlanCard plan={plan} title={title} payment={payment} service={service} />
          </li>
        );
      })}
    </ul>
  );
}
