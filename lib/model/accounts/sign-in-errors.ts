/** The types Explore's own answers at /api/auth send (lib/model/accounts/auth-route.ts). */
export type SignInErrorType = "SignInLinksLimited" | "IncompleteLink";

// Auth.js sends people back to /sign-in?error=<type>; these are the words they read.
const messages = new Map<string, string>(
  Object.entries({
    Verification: "That sign-in link has expired or was already used. Ask for a new one below.",
    AccessDenied: "That account may not sign in here.",
    OAuthAccountNotLinked: "This email address already has an Explore account that signs in with an emailed link. Use the email link instead.",
    EmailSignInError: "We could not send the sign-in link just now. Try again in a minute.",
    OAuthSignInError: "GitHub sign-in could not start. Try again, or use an email link.",
    OAuthCallbackError: "GitHub sign-in did not finish. Try again, or use an email link.",
    // Explore's own types (app/api/auth): Auth.js would call both AccessDenied and Configuration.
    SignInLinksLimited: "Too many sign-in links were asked for. Wait a few minutes, then ask for a new one below.",
    IncompleteLink: "That sign-in link is incomplete. Open the whole link from the email, or ask for a new one below.",
    Configuration: "Sign-in is not working right now because of a problem on our side. Try again later.",
  } satisfies Record<SignInErrorType | "Configuration", string> & Record<string, string>),
);

const fallback = "Sign-in did not work. Try again.";

/** The sentence to show for an Auth.js error type, or null when there is none. */
export function describeSignInError(type: string | undefined): string | null {
  if (!type) return null;
  return messages.get(type) ?? fallback;
}
