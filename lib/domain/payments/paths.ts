// URLs of the money pages and of an agent's Stripe webhook endpoint.

export const PURCHASES_PATH = "/purchases";

export function paymentsDashboardPath(handle: string): string {
  return `/dashboard/agents/${handle}/payments`;
}

/** The path Stripe posts an agent's events to: the handle without its "@". */
export function stripeWebhookPath(handle: string): string {
  return `/api/webhooks/stripe/${encodeURIComponent(handle.replace(/^@/, ""))}`;
}

/** The event types a publisher selects when adding the webhook in Stripe: the ones Explore acts on. */
export const STRIPE_EVENT_TYPES = [
  "checkout.session.completed",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "charge.refunded",
] as const;
