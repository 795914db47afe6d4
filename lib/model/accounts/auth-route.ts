import type { SignInErrorType } from "@/lib/model/accounts/sign-in-errors";

// What app/api/auth answers itself, where Auth.js would name the wrong cause: a link without its token is to
// Auth.js a "Configuration" error (a problem on Explore's side), and a refused request for a link "AccessDenied".

/** An emailed link opened without its token (cut short by a mail program, or copied in part). */
export function isIncompleteSignInLink(url: URL): boolean {
  return url.pathname.endsWith("/callback/nodemailer") && !url.searchParams.get("token");
}

/** Sends the browser to the sign-in page, which says in words what `type` means. */
export function toSignInPage(type: SignInErrorType): Response {
  // A path, so people stay on the host they used (see relative-redirect.ts).
  return new Response(null, { status: 302, headers: { location: `/sign-in?${new URLSearchParams({ error: type })}` } });
}
