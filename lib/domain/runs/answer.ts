import type { ContentBlock, ToolCallOutcome } from "@/lib/domain/adapters/mcp-call";
import { checkOutput } from "@/lib/domain/adapters/output-check";
import type { CatalogPlan } from "@/lib/model/catalog/read-model";
import { parsePaymentRequired, paymentLinkFor, shownPaymentLink } from "@/lib/domain/payments/payment-required";
import { planHeadline } from "@/lib/domain/payments/plan-words";
import type { ExecutionStatus, PaymentRequiredNotice, RunAnswer, ShownContent } from "./run-types";
import { canonicalJson } from "./fingerprint";
import { durationText } from "./run-words";

// Turns an adapter's answer into what the panel shows, and into the record's status and sentence.

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const MAX_TEXT = 100_000;

export function shownContent(blocks: readonly ContentBlock[]): ShownContent[] {
  return blocks.map((block): ShownContent => {
    switch (block.type) {
      case "text":
        return { type: "text", text: block.text.slice(0, MAX_TEXT) };
      case "image":
        // Only raster types a browser shows safely inline (no SVG: it can carry script).
        return IMAGE_TYPES.has(block.mimeType) && /^[A-Za-z0-9+/=\s]*$/.test(block.data)
          ? { type: "image", mimeType: block.mimeType, dataUrl: `data:${block.mimeType};base64,${block.data.replace(/\s/g, "")}` }
          : { type: "note", text: `An image of type ${block.mimeType} that Explore does not show.` };
      case "audio":
        return { type: "note", text: `An audio clip (${block.mimeType}) that Explore does not play.` };
      case "resource_link":
        return { type: "note", text: `A link to a resource: ${block.uri}` };
      case "resource":
        return "text" in block.resource && typeof block.resource.text === "string"
          ? { type: "text", text: block.resource.text.slice(0, MAX_TEXT) }
          : { type: "note", text: `An embedded resource: ${block.resource.uri}` };
      default:
        return { type: "note", text: "A kind of content Explore does not show." };
    }
  });
}

// MCP servers repeat their structured answer as a JSON text block for older clients: shown once is enough.
function isEchoOf(block: ContentBlock, structured: unknown): boolean {
  if (block.type !== "text" || structured === undefined) return false;
  try {
    return canonicalJson(JSON.parse(block.text)) === canonicalJson(structured);
  } catch {
    return false;
  }
}

/** `paymentRequired`: what settle() made of a payment-required answer (the panel shows it beside the content). */
export function answerOf(outcome: ToolCallOutcome, outputSchema: object | null, paymentRequired: PaymentRequiredNotice | null = null): RunAnswer | null {
  if (outcome.status === "succeeded") {
    const check = checkOutput(outputSchema, outcome.structuredContent);
    return {
      structuredContent: outcome.structuredContent ?? null,
      hasStructuredContent: outcome.structuredContent !== undefined,
      content: shownContent(outcome.content.filter((block) => !isEchoOf(block, outcome.structuredContent))),
      outputWarning: check.ok ? null : check.errors,
      paymentRequired: null,
    };
  }
  if (outcome.status === "tool_error") {
    return { structuredContent: null, hasStructuredContent: false, content: shownContent(outcome.content), outputWarning: null, paymentRequired };
  }
  return null;
}

/** What the answer is fingerprinted as (structured and plain content together). */
export function resultOf(outcome: ToolCallOutcome): unknown {
  return outcome.status === "succeeded" || outcome.status === "tool_error"
    ? {
        structuredContent: outcome.status === "succeeded" ? (outcome.structuredContent ?? null) : null,
        content: outcome.content,
        isError: outcome.status === "tool_error",
      }
    : null;
}

export type Settled = {
  status: ExecutionStatus;
  /** Shown to the consumer now (may quote the tool). */
  message: string;
  /** Kept on the record: Explore's own words only, never the adapter's text (it could echo the arguments). */
  recordMessage: string;
  paymentRequired: PaymentRequiredNotice | null;
};

/** What a payment-required answer is judged against: the capability's plans, the agent's declared link, who is asking. */
export type PaymentContext = {
  plans: readonly Pick<CatalogPlan, "planId" | "type" | "priceUsd" | "dailyLimit" | "extra">[];
  declaredLink: string | null;
  consumerId: string;
};

const PAY_AT_PROVIDER = "Payment is required: pay at the provider, then run it again.";

function paymentRequiredNotice(structuredContent: unknown, payment: PaymentContext): PaymentRequiredNotice | null {
  const details = parsePaymentRequired(structuredContent);
  if (details === null) return null;
  const plan = details.planId === null ? undefined : payment.plans.find((p) => p.planId === details.planId);
  const link = shownPaymentLink(details.paymentLink, payment.declaredLink);
  return {
    planId: plan?.planId ?? null,
    planWords: plan ? planHeadline(plan) : null,
    link: link === null ? null : paymentLinkFor(link, payment.consumerId),
    message: details.message,
  };
}

export function settle(outcome: ToolCallOutcome, opts: { externalAction: boolean; dryRun: boolean; unknownMessage: string; payment: PaymentContext }): Settled {
  switch (outcome.status) {
    case "succeeded": {
      const message = `${opts.dryRun ? "Dry run finished" : "Finished"} in ${durationText(outcome.durationMs)}.`;
      return { status: "succeeded", message, recordMessage: message, paymentRequired: null };
    }
    case "tool_error": {
      const paymentRequired = paymentRequiredNotice(outcome.structuredContent, opts.payment);
      if (paymentRequired !== null) {
        // Explore's words and the plan's, never the adapter's: the record keeps it, and the adapter's own
        // message is shown apart, as its text.
        const message = paymentRequired.planWords === null ? PAY_AT_PROVIDER : `${PAY_AT_PROVIDER} Plan: ${paymentRequired.planWords}.`;
        return { status: "payment_required", message, recordMessage: message, paymentRequired };
      }
      return { status: "tool_error", message: outcome.message, recordMessage: "The tool reported an error.", paymentRequired: null };
    }
    default: {
      // An external action whose request went out and got no answer may have acted: unknown, never retried.
      if (opts.externalAction && !opts.dryRun && outcome.requestSent) {
        return { status: "outcome_unknown", message: `${opts.unknownMessage} (${outcome.message})`, recordMessage: opts.unknownMessage, paymentRequired: null };
      }
      const own =
        outcome.status === "failed" && (outcome.code === "rpc_error" || outcome.code === "protocol_error")
          ? outcome.code === "rpc_error"
            ? "The adapter refused the call."
            : "The adapter's answer could not be understood."
          : outcome.message;
      return { status: outcome.status, message: outcome.message, recordMessage: own, paymentRequired: null };
    }
  }
}
