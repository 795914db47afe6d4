import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

// The provider-enforced "payment required" convention (docs/payments.md): an adapter that keeps its own
// records of who paid answers a consumer it has no record of with a tool error whose structuredContent has
// a `payment_required` member. Defined once here: Explore reads it, the demo and test adapters write it.

export const PAYMENT_REQUIRED_KEY = "payment_required";

const MAX_PLAN_ID = 500;
const MAX_LINK = 2048;
const MAX_MESSAGE = 1000;

/** What an adapter puts under `structuredContent.payment_required` (every member optional). */
export type PaymentRequiredAnswer = { plan_id?: string; payment_link?: string; message?: string };

/** The convention as Explore read it. All of it is the adapter's word, to be judged before it is shown. */
export type PaymentRequiredDetails = { planId: string | null; paymentLink: string | null; message: string | null };

function httpsUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const words = (max: number) => z.string().trim().min(1).max(max);

// Loose, so a provider may add members of its own; strict about the ones the convention names.
const paymentRequiredSchema = z.looseObject({
  plan_id: words(MAX_PLAN_ID).optional(),
  payment_link: z
    .string()
    .max(MAX_LINK)
    .refine((text) => httpsUrl(text) !== null)
    .optional(),
  message: words(MAX_MESSAGE).optional(),
});

/**
 * The convention in a tool error's structuredContent, or null when it is absent or malformed (then the
 * answer is an ordinary tool error: a half-followed convention must not turn into a payment prompt).
 */
export function parsePaymentRequired(structuredContent: unknown): PaymentRequiredDetails | null {
  if (typeof structuredContent !== "object" || structuredContent === null || Array.isArray(structuredContent)) return null;
  if (!Object.hasOwn(structuredContent, PAYMENT_REQUIRED_KEY)) return null;
  const parsed = paymentRequiredSchema.safeParse(Reflect.get(structuredContent, PAYMENT_REQUIRED_KEY));
  if (!parsed.success) return null;
  return { planId: parsed.data.plan_id ?? null, paymentLink: parsed.data.payment_link ?? null, message: parsed.data.message ?? null };
}

/**
 * The link Explore shows: the adapter's only when it is https on the same origin as the agent's declared
 * `payment.link` (and carries no credentials), so an adapter cannot send people to a page of its choosing;
 * otherwise the declared link; without one, none (the note is words only).
 */
export function shownPaymentLink(adapterLink: string | null, declaredLink: string | null): string | null {
  const declared = declaredLink === null ? null : httpsUrl(declaredLink);
  if (declared === null) return null;
  const named = adapterLink === null ? null : httpsUrl(adapterLink);
  if (named !== null && named.origin === declared.origin && named.username === "" && named.password === "") return named.toString();
  return declared.toString();
}

/**
 * The payment link with `client_reference_id` set to the consumer's pseudonymous ID (replacing any the link
 * had), so the provider's processor can attribute the payment to the ID its adapter sees in `_meta`.
 * Throws on a link that is not a URL (callers pass the declared link, validated at import, or one from
 * `shownPaymentLink`).
 */
export function paymentLinkFor(link: string, consumerId: string): string {
  const url = new URL(link);
  url.searchParams.set("client_reference_id", consumerId);
  return url.toString();
}

/** The tool result an adapter returns for a consumer it has no payment on record for. */
export function paymentRequiredResult(answer: PaymentRequiredAnswer, text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }], structuredContent: { [PAYMENT_REQUIRED_KEY]: answer } };
}
