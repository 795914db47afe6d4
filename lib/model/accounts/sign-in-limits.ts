import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { AuthError } from "next-auth";
import { clientAddress } from "@/lib/foundations/http/client-address";
import { consume } from "@/lib/foundations/rate-limits/rate-limit";

// The limits on asking for sign-in links, per client address and per email address. Auth.js's signIn callback
// counts every request for a link (the sign-in page's action and a direct POST to /api/auth/signin/nodemailer
// alike) before it writes a verification token or sends the mail. What the callback throws comes back to the
// server action wrapped in an AccessDenied (Auth.js runs in raw mode there), which is how the action finds the words.

/** Too many sign-in links asked for; `words` says which limit and when to come back. */
export class SignInLinksLimited extends AuthError {
  readonly words: string;
  readonly retryAfterSeconds: number;
  constructor(refusal: { message: string; retryAfterSeconds: number }) {
    super("Too many sign-in links asked for");
    this.words = refusal.message;
    this.retryAfterSeconds = refusal.retryAfterSeconds;
  }
}

// A request to /api/auth is answered by Auth.js itself, which turns every refusal into "AccessDenied": the refusal
// is also kept for that request here, so its route can say what it was.
const refusals = new AsyncLocalStorage<{ refusal: SignInLinksLimited | null }>();

function refuse(refusal: { message: string; retryAfterSeconds: number }): never {
  const error = new SignInLinksLimited(refusal);
  const slot = refusals.getStore();
  if (slot) slot.refusal = error;
  throw error;
}

/** Counts one request for a link to `email` from the client of `headers`; throws SignInLinksLimited when over. */
export async function countSignInLinkRequest(email: string, headers: Pick<Headers, "get">): Promise<void> {
  // The network first: a client over its own limit does not also use up the address's links.
  const client = await consume("signInPerClient", clientAddress(headers));
  if (!client.ok) refuse(client);
  // Auth.js has normalised the address (lower case, NFKC); lower-casing again keeps one mailbox one bucket.
  const address = await consume("signInPerAddress", email.toLowerCase());
  if (!address.ok) refuse(address);
}

/** Runs `answer` (Auth.js answering one request) and says whether it refused a sign-in link for a limit. */
export async function answerCountingSignInLinks(answer: () => Promise<Response>): Promise<{ response: Response; limited: SignInLinksLimited | null }> {
  const slot: { refusal: SignInLinksLimited | null } = { refusal: null };
  const response = await refusals.run(slot, answer);
  return { response, limited: slot.refusal };
}

/** The limit's refusal in what Auth.js threw (itself, or inside the AccessDenied it wraps callback errors in). */
export function signInLimitOf(error: unknown): SignInLinksLimited | null {
  if (error instanceof SignInLinksLimited) return error;
  if (error instanceof Error && typeof error.cause === "object" && error.cause !== null && "err" in error.cause) {
    return error.cause.err instanceof SignInLinksLimited ? error.cause.err : null;
  }
  return null;
}
