import type { StripeEventOutcome } from "@/generated/prisma/enums";

// Stripe's event types and Explore's outcomes in words. The publisher reads the types as Stripe names them;
// a consumer reads what happened.

const CONSUMER_WORDS: Record<string, string> = {
  "checkout.session.completed": "Paid at checkout",
  "invoice.paid": "Subscription payment received",
  "invoice.payment_failed": "A subscription payment failed",
  "customer.subscription.updated": "Subscription changed",
  "customer.subscription.deleted": "Subscription cancelled",
  "charge.refunded": "Refunded",
};

export function consumerEventWords(type: string): string {
  return CONSUMER_WORDS[type] ?? "Updated by the provider's payment processor";
}

export const OUTCOME_WORDS: Record<StripeEventOutcome, string> = {
  granted: "Granted",
  applied: "Applied",
  ignored: "Ignored",
  mismatch: "Mismatch",
};
