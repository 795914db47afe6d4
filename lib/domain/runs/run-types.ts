// What crosses from the run actions to the Run panel (plain, serialisable; no server code here).
import type { ExecutionStatus, RepeatMode } from "@/generated/prisma/enums";

export type { ExecutionStatus, RepeatMode };

/** Why a service cannot be run by this viewer now, in a form the panel turns into words. */
export type NotRunnable =
  | { reason: "sign_in" }
  | { reason: "not_found" }
  | { reason: "not_offered" }
  | { reason: "suspended" }
  | { reason: "unpublished" }
  | { reason: "endpoint_pending" }
  | { reason: "paid_without_link" }
  /** A paid run without the person's explicit consent to what it costs (`consent` says it in words). */
  | { reason: "consent_needed"; consent: string }
  | { reason: "daily_limit"; limit: number; resetsAt: string }
  /** Only paid plans of a Stripe-verified agent are left, and the person holds none of them. */
  | { reason: "needs_purchase"; free: { limit: number; resetsAt: string } | null }
  /** The plan asked for cannot be used now (`why` in words). */
  | { reason: "plan_unavailable"; words: string; why: string };

/** One plan a run may be made under, for this person now (lib/domain/runs/run-plans.ts). */
export type RunPlan = {
  /** null for a service that states no plans (free, no limit). */
  planId: string | null;
  /** free; provider: paid, billed by the provider; calls: a Stripe-verified pack or prepaid calls; subscription: Stripe-verified. */
  kind: "free" | "provider" | "calls" | "subscription";
  /** The plan in words ("Free · 20 runs a day", "$0.02 a call"). */
  words: string;
  available: boolean;
  unavailable: string | null;
  /** What the person agrees to before a paid run ("This run uses 1 of your 87 pack calls."); null when free. */
  consent: string | null;
  allowance: { limit: number; used: number; resetsAt: string } | null;
  callsLeft: number | null;
  activeUntil: string | null;
  /** Where to pay, with the person's client_reference_id. */
  buyLink: string | null;
};

/** One piece of an adapter's content, made safe to show. */
export type ShownContent = { type: "text"; text: string } | { type: "image"; mimeType: string; dataUrl: string } | { type: "note"; text: string };

/** A provider-enforced plan's "payment required" answer, judged and worded by Explore (lib/domain/runs/answer.ts). */
export type PaymentRequiredNotice = {
  /** The plan the adapter named, only when it is one of the capability's plans. */
  planId: string | null;
  /** That plan in words ("$0.02 a call"). */
  planWords: string | null;
  /** The declared payment link (or the adapter's on its origin) with the consumer's client_reference_id; null when the agent declares none. */
  link: string | null;
  /** The adapter's own message, to be shown as its plain text. */
  message: string | null;
};

export type RunAnswer = {
  /** The adapter's structuredContent, as it came (never stored). */
  structuredContent: unknown;
  hasStructuredContent: boolean;
  content: ShownContent[];
  /** Set when structuredContent breaks the capability's output schema. */
  outputWarning: string[] | null;
  /** Set when the adapter answered the payment-required convention. */
  paymentRequired?: PaymentRequiredNotice | null;
};

export type ExecutionView = {
  id: string;
  status: ExecutionStatus;
  dryRun: boolean;
  durationMs: number | null;
  /** The sentence for this outcome (the tool's own message for a tool error). */
  message: string;
  paid: boolean;
  planId: string | null;
  /** The plan in words, when the service states plans. */
  planWords: string | null;
};

export type FieldErrors = Record<string, string[]>;

export type RunResult =
  { ok: true; execution: ExecutionView; answer: RunAnswer | null } | { ok: false; message: string; fieldErrors?: FieldErrors; notRunnable?: NotRunnable };

/** What a hook call (Check outcome, Cancel) or a repeat returns. */
export type HookResult =
  { ok: true; message: string; status: ExecutionStatus; answer: RunAnswer | null } | { ok: false; message: string; fieldErrors?: FieldErrors };

/** Streamed to the page in the run action's response while a run is in flight (lib/domain/runs/run-progress.ts). */
export type RunEvent = { type: "started"; executionId: string } | { type: "progress"; progress: number; total: number | null; message: string | null };
