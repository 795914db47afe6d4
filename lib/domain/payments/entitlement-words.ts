import type { EntitlementStatus } from "@/generated/prisma/enums";
import { dateWords } from "@/lib/foundations/words/dates";
import { isStatusIn, PAYMENT_FAILED_SUBSCRIPTION_STATUSES } from "./subscription-states";

// What a grant leaves its consumer, in words ("87 of 100 calls left", "Active until 3 January 2027"). The
// consumer's purchases and the publisher's revenue count "active" the same way, through entitlementState.

export type EntitlementFacts = {
  status: EntitlementStatus;
  /** Null for a subscription. */
  callsGranted: number | null;
  callsLeft: number | null;
  callsRevoked: number;
  activeUntil: Date | null;
  subscriptionStatus: string | null;
};

/** active: it can pay for a run now; the others say why not. */
export type EntitlementState = "active" | "used_up" | "refunded" | "ended" | "payment_failed";

const count = (n: number) => n.toLocaleString("en-US");
const calls = (n: number) => (n === 1 ? "call" : "calls");

function paymentFailed(e: EntitlementFacts): boolean {
  return isStatusIn(PAYMENT_FAILED_SUBSCRIPTION_STATUSES, e.subscriptionStatus);
}

export function entitlementState(e: EntitlementFacts, now: Date): EntitlementState {
  if (e.status === "refunded") return "refunded";
  if (e.status === "ended") return e.callsGranted === null && paymentFailed(e) ? "payment_failed" : "ended";
  if (e.callsGranted !== null) return (e.callsLeft ?? 0) > 0 ? "active" : "used_up";
  // A period that ran out without a renewal Explore heard of is over, whatever the row still says.
  if (e.activeUntil !== null && e.activeUntil.getTime() <= now.getTime()) return "ended";
  return "active";
}

/** What is left, in one line. */
export function entitlementLeftWords(e: EntitlementFacts, now: Date): string {
  const state = entitlementState(e, now);
  if (e.callsGranted !== null) {
    if (state === "refunded") {
      return e.callsRevoked > 0 ? `${count(e.callsRevoked)} ${calls(e.callsRevoked)} revoked after a refund` : "Refunded · no calls were left to revoke";
    }
    if (state === "ended") return "Ended";
    return `${count(e.callsLeft ?? 0)} of ${count(e.callsGranted)} ${calls(e.callsGranted)} left`;
  }
  switch (state) {
    case "refunded":
      return "Refunded";
    case "payment_failed":
      return "Payment failed";
    case "ended":
    case "used_up":
      return "Ended";
    case "active": {
      const until = e.activeUntil === null ? "Active" : `Active until ${dateWords(e.activeUntil)}`;
      return paymentFailed(e) ? `${until} · the latest payment failed` : until;
    }
  }
}
