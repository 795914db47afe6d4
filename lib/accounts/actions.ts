"use server";

import { z } from "zod";
import { redirect } from "next/navigation";
import { AuthError } from "next-auth";
import { signIn, signOut } from "@/lib/accounts/auth";
import { safeReturnPath } from "@/lib/accounts/return-path";
import { signInLimitOf } from "@/lib/accounts/sign-in-limits";

export type SignInResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: { email?: string[] }; email?: string };

const emailSignInInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Enter an email address like name@example.com.")),
  callbackUrl: z.string().optional(),
});

/** Emails a sign-in link, then sends the visitor to /sign-in/check-email. */
export async function signInWithEmail(_previous: SignInResult, form: FormData): Promise<SignInResult> {
  const input = emailSignInInput.safeParse({
    email: form.get("email") ?? "",
    callbackUrl: form.get("callbackUrl") ?? undefined,
  });
  if (!input.success) {
    const email = form.get("email");
    return {
      ok: false,
      message: "Check the email address.",
      fieldErrors: { email: z.flattenError(input.error).fieldErrors.email ?? ["Enter a valid email address."] },
      ...(typeof email === "string" ? { email } : {}),
    };
  }
  try {
    // redirect: false — Auth.js would send the browser through its own route (/api/auth/verify-request) first.
    await signIn("nodemailer", {
      email: input.data.email,
      redirectTo: safeReturnPath(input.data.callbackUrl),
      redirect: false,
    });
  } catch (error) {
    const limited = signInLimitOf(error);
    if (limited) return { ok: false, message: limited.words, email: input.data.email };
    if (error instanceof AuthError) {
      console.error(`sign-in link for ${input.data.email} could not be sent: ${error.type}`);
      return {
        ok: false,
        message: "We could not send the sign-in link just now. Try again in a minute.",
        email: input.data.email,
      };
    }
    throw error;
  }
  redirect("/sign-in/check-email");
}

/** Starts GitHub sign-in (only offered when it is configured). */
export async function signInWithGitHub(form: FormData): Promise<void> {
  const callbackUrl = form.get("callbackUrl");
  await signIn("github", { redirectTo: safeReturnPath(typeof callbackUrl === "string" ? callbackUrl : undefined) });
}

export async function signOutViewer(): Promise<void> {
  await signOut({ redirect: false });
  redirect("/");
}
