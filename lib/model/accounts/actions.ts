"use server";

import { z } from "zod";
import { redirect, unstable_rethrow } from "next/navigation";
import { AuthError } from "next-auth";
import { fail, fieldErrorsOf, ok } from "@/lib/foundations/action-result";
import { signIn, signOut } from "@/lib/model/accounts/auth";
import { safeReturnPath } from "@/lib/model/accounts/return-path";
import { signInLimitOf } from "@/lib/model/accounts/sign-in-limits";
import { log } from "@/lib/foundations/log";
import { submittedText } from "@/lib/foundations/form-fields";
import { publicAction } from "@/lib/model/accounts/viewer-action";

/** What the sign-in form keeps after a refusal: the address as typed. */
export type SignInDetails = { email: string };

const emailSignInInput = z.object({
  email: z
    .string("Enter your email address.")
    .trim()
    .min(1, "Enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Enter an email address like name@example.com.")),
  callbackUrl: z.string().optional(),
});

/** Emails a sign-in link, then sends the visitor to /sign-in/check-email. */
export const signInWithEmail = publicAction(
  emailSignInInput,
  async (input) => {
    const kept: SignInDetails = { email: input.email };
    try {
      // redirect: false — Auth.js would send the browser through its own route (/api/auth/verify-request) first.
      await signIn("nodemailer", { email: input.email, redirectTo: safeReturnPath(input.callbackUrl), redirect: false });
    } catch (error) {
      unstable_rethrow(error);
      const limited = signInLimitOf(error);
      if (limited) return fail(limited.words, undefined, kept);
      if (error instanceof AuthError) {
        log.error("sign-in link could not be sent", { email: input.email, type: error.type });
        return fail("We could not send the sign-in link just now. Try again in a minute.", undefined, kept);
      }
      throw error;
    }
    redirect("/sign-in/check-email");
  },
  {
    invalid: (error, submitted) => {
      const email = fieldErrorsOf(error).email ?? ["Enter a valid email address."];
      const typed = submittedText(submitted, "email");
      return fail<SignInDetails>("Check the email address.", { email }, typed === "" ? undefined : { email: typed });
    },
  },
);

/** Starts GitHub sign-in (only offered when it is configured). */
export const signInWithGitHub = publicAction(z.object({ callbackUrl: z.string().optional() }), async (input) => {
  // Auth.js answers by redirecting to GitHub.
  await signIn("github", { redirectTo: safeReturnPath(input.callbackUrl) });
  return ok();
});

export const signOutViewer = publicAction(z.object({}), async () => {
  await signOut({ redirect: false });
  redirect("/");
});
