// The Run panel's sentences, shared by the server (records, results) and the client (no server code).
import type { NotRunnable, RepeatMode } from "./run-types";

/** A duration in seconds: two decimals for a finished run ("0.42 s"), one for a clock still running. */
export function durationText(ms: number, decimals: 1 | 2 = 2): string {
  return `${(ms / 1000).toFixed(decimals)} s`;
}

export function resetsIn(resetsAt: string, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((new Date(resetsAt).getTime() - now.getTime()) / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

export function notRunnableMessage(n: NotRunnable, now = new Date()): string {
  switch (n.reason) {
    case "sign_in":
      return "Sign in to run this service.";
    case "not_found":
      return "This service does not exist, or is not available to you.";
    case "not_offered":
      return "The provider does not offer this service at the moment, so it cannot be run.";
    case "suspended":
      return "This service is suspended, so it cannot be run.";
    case "unpublished":
      return "This service is not published, so only its publisher can run it.";
    case "endpoint_pending":
      return "This service is waiting for its adapter: the provider has not announced its endpoint yet, so it cannot be run.";
    case "paid_without_link":
      return "This service has only paid plans and its provider has not given a payment link, so it cannot be run.";
    case "consent_needed":
      return `${n.consent} Agree to it to run.`;
    case "needs_purchase":
      return n.free
        ? `You have used today's ${n.free.limit} free run${n.free.limit === 1 ? "" : "s"} of this service, and hold none of its paid plans: buy one at the provider, or come back after midnight UTC (in ${resetsIn(n.free.resetsAt, now)}).`
        : "This service has only paid plans, and you hold none of them: buy one at the provider to run it.";
    case "plan_unavailable":
      return `${n.words}: ${n.why}`;
    case "daily_limit":
      return `You have used today's ${n.limit} free run${n.limit === 1 ? "" : "s"} of this service. The limit resets at midnight UTC (${n.resetsAt.slice(0, 16).replace("T", " ")} UTC, in ${resetsIn(n.resetsAt, now)}).`;
  }
}

export const repeatPromises: Record<RepeatMode, string> = {
  return_kept: "The adapter will return the result it kept for this execution; the work is not done again.",
  status_only: "The adapter will return only the status of this execution; the action is not done again.",
  refresh: "The adapter will do the work again and return a fresh result.",
};

export function unknownOutcomeMessage(outsideAction: string | null, opts: { escalate: boolean; outcomeLookup: boolean }): string {
  const what = outsideAction ? `whether it ${outsideAction.charAt(0).toLowerCase()}${outsideAction.slice(1)}` : "whether it took effect";
  const parts = [
    `Outcome unknown: the request reached the adapter but no answer came back, so Explore cannot tell ${what}.`,
    "It was not retried and will not be.",
  ];
  if (opts.outcomeLookup) parts.push("Use “Check outcome” to ask the provider.");
  if (opts.escalate) parts.push("The provider sees this unknown outcome in their dashboard.");
  return parts.join(" ");
}
