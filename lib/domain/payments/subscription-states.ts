// Stripe's subscription statuses, sorted once for every reader: the run path, the Run panel, the webhook
// and the Purchases words.

/** A subscription in these states pays for runs (until its paid-through time). */
export const USABLE_SUBSCRIPTION_STATUSES = ["active", "trialing"] as const;

/** Over: its grant ends. */
export const ENDED_SUBSCRIPTION_STATUSES = ["canceled", "incomplete_expired", "unpaid"] as const;

/** An invoice went unpaid ("payment_failed" is what an older record may say). */
export const PAYMENT_FAILED_SUBSCRIPTION_STATUSES = ["past_due", "unpaid", "incomplete", "incomplete_expired", "payment_failed"] as const;

export function isStatusIn(list: readonly string[], status: string | null): boolean {
  return status !== null && list.includes(status);
}
