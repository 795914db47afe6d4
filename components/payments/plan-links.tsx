import type { ServicePlans } from "@/lib/domain/payments/revenue";

/** Each service's plans with the Stripe Payment Link a payment for it must come through. */
export function PlanLinks({ services }: { services: ServicePlans[] }) {
  return (
    <div className="flex flex-col gap-4">
      {services.map((service) => (
        <section key={service.capabilityId} aria-labelledby={`plans-${service.capabilityId}`} className="rounded-lg border border-border bg-surface p-4">
          <h3 id={`plans-${service.capabilityId}`} className="font-semibold">
            {service.name} <code className="font-mono text-xs font-normal text-muted-foreground">{service.capabilityId}</code>
          </h3>
          {service.plans.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">Free, with no plan stated: nothing to verify.</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {service.plans.map((plan) => (
                <li key={plan.planId} className="flex flex-col gap-0.5 sm:flex-row sm:flex-wrap sm:gap-x-3">
                  <span className="font-medium">{plan.headline}</span>
                  <code className="font-mono text-xs text-muted-foreground sm:self-center">{plan.planId}</code>
                  {plan.type === "free" ? (
                    <span className="text-muted-foreground">Free: nothing to verify.</span>
                  ) : plan.stripePaymentLink ? (
                    <span>
                      Stripe Payment Link <code className="font-mono text-xs break-all">{plan.stripePaymentLink}</code>
                    </span>
                  ) : (
                    <span className="text-warning">No Stripe Payment Link named: payments for this plan cannot be verified.</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
