import { STRIPE_EVENT_TYPES } from "@/lib/domain/payments/paths";

/** How to point a Stripe webhook at Explore: the endpoint, the events, where the secret comes from. */
export function WebhookSetup({ endpoint }: { endpoint: string }) {
  return (
    <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm">
      <li>
        In your Stripe Dashboard, open <strong>Developers → Webhooks</strong> and add an endpoint with this URL:
        <code className="mt-1 block rounded-md bg-muted p-2 font-mono text-xs break-all select-all">{endpoint}</code>
      </li>
      <li>
        Select these events:
        <ul className="mt-1 flex flex-wrap gap-2">
          {STRIPE_EVENT_TYPES.map((type) => (
            <li key={type}>
              <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{type}</code>
            </li>
          ))}
        </ul>
      </li>
      <li>Reveal the endpoint&apos;s signing secret in Stripe and paste it below.</li>
      <li>
        Name each paid plan&apos;s Stripe Payment Link in your agent.json, as the plan&apos;s <code className="font-mono">stripe_payment_link</code> field (its
        ID, <code className="font-mono">plink_…</code>), so Explore can tell which plan a payment bought, and optionally its{" "}
        <code className="font-mono">stripe_payment_url</code> (the <code className="font-mono">https://buy.stripe.com/…</code> address), where the Run panel
        sends people to pay; without it they go to the agent&apos;s payment link.
      </li>
    </ol>
  );
}
