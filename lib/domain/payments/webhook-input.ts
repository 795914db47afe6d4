import { z } from "zod";

// The webhook settings forms. The secret's messages never repeat what was typed: it is a secret even when wrong.

const handle = z.string().regex(/^@[a-z0-9][a-z0-9-]{1,30}$/, "No agent was named.");

/** The one thing wrong with a pasted signing secret, most basic first, or null. */
export function signingSecretProblem(secret: string): string | null {
  if (secret === "") return "Paste the signing secret from Stripe.";
  if (/\s/.test(secret)) return "A signing secret has no spaces or line breaks: copy it again from Stripe.";
  if (!secret.startsWith("whsec_")) return "A Stripe signing secret starts with whsec_: copy it from the webhook's page in Stripe.";
  if (secret.length < 10) return "This is too short to be a signing secret: copy the whole secret from Stripe.";
  if (secret.length > 200) return "This is too long to be a signing secret (at most 200 characters).";
  return null;
}

export const signingSecretSchema = z.string("Paste the signing secret from Stripe.").superRefine((secret, context) => {
  const problem = signingSecretProblem(secret);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

export const signingSecretInput = z.object({ handle, secret: signingSecretSchema });

export const stopVerifyingInput = z.object({
  handle,
  confirm: z.literal("yes", "Confirm that Explore should stop verifying this agent's payments."),
});
