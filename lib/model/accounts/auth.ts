import "server-only";
import NextAuth, { AuthError } from "next-auth";
import { PrismaAdapter } from "@auth/prisma-adapter";
import { headers } from "next/headers";
import GitHub from "next-auth/providers/github";
import Nodemailer from "next-auth/providers/nodemailer";
import { db } from "@/lib/foundations/db/client";
import { env } from "@/lib/foundations/env";
import { log } from "@/lib/foundations/log";
import { authRedirectTarget } from "@/lib/model/accounts/return-path";
import { sendSignInLink } from "@/lib/model/accounts/send-sign-in-link";
import { countSignInLinkRequest } from "@/lib/model/accounts/sign-in-limits";
import { siteOrigin } from "@/lib/foundations/site/origin";
import type { SessionViewer } from "@/lib/model/accounts/session-viewer";

// env.ts refuses to start production without AUTH_SECRET; a fresh clone runs without configuration.
const DEVELOPMENT_SECRET = "explore-development-secret-not-for-production-use";

/** A sign-in link that could not be sent; Auth.js hands AuthErrors back to the server action as values. */
class SignInLinkNotSent extends AuthError {
  static type = "EmailSignInError";
}

/**
 * The link on Explore's public origin (AUTH_URL). Auth.js builds it from the request's URL, which Next reports
 * as localhost for a loopback address (its NextURL rewrites 127.0.0.1 to localhost) when asked at /api/auth.
 */
export function publicSignInLink(url: string): string {
  const link = new URL(url);
  return `${siteOrigin()}${link.pathname}${link.search}`;
}

async function sendLinkForAuth(to: string, url: string): Promise<void> {
  try {
    await sendSignInLink({ to, url: publicSignInLink(url) });
  } catch (error) {
    throw new SignInLinkNotSent("The sign-in link could not be sent", { cause: error });
  }
}

export const githubSignInEnabled = Boolean(env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET);

function githubProviders() {
  if (!env.AUTH_GITHUB_ID || !env.AUTH_GITHUB_SECRET) return [];
  return [GitHub({ clientId: env.AUTH_GITHUB_ID, clientSecret: env.AUTH_GITHUB_SECRET })];
}

const prismaAdapter = PrismaAdapter(db);

export const { handlers, auth, signIn, signOut } = NextAuth({
  adapter: {
    ...prismaAdapter,
    // Opening a sign-in link deletes the browser's current session first; a stale cookie names a row already
    // gone, which is nothing to delete, not a failure that spends the link (Prisma's delete throws on a miss).
    async deleteSession(sessionToken) {
      await db.session.deleteMany({ where: { sessionToken } });
    },
  },
  session: { strategy: "database" },
  // Auth.js's own reports as Explore's log lines (with the request's id), not its console text.
  logger: {
    // AuthError's `type`: a class name does not survive the production build's minifying.
    error: (error) => log.error(`auth: ${error instanceof AuthError ? error.type : error.name}`, { error }),
    warn: (code) => log.warn(`auth: ${code}`),
    debug: (message, metadata) => log.debug(`auth: ${message}`, { metadata }),
  },
  secret: env.AUTH_SECRET ?? DEVELOPMENT_SECRET,
  trustHost: true,
  providers: [
    Nodemailer({
      // The provider insists on a transport; we send ourselves, so without SMTP a JSON transport stands in.
      server: env.SMTP_URL ?? { jsonTransport: true },
      from: env.EMAIL_FROM,
      sendVerificationRequest: ({ identifier, url }) => sendLinkForAuth(identifier, url),
    }),
    ...githubProviders(),
  ],
  pages: {
    signIn: "/sign-in",
    verifyRequest: "/sign-in/check-email",
    error: "/sign-in",
  },
  callbacks: {
    // A request for an emailed link is counted here, before Auth.js writes its token or sends the mail.
    async signIn({ account, email }) {
      if (email?.verificationRequest && account?.type === "email") await countSignInLinkRequest(account.providerAccountId, await headers());
      return true;
    },
    redirect({ url, baseUrl }) {
      return authRedirectTarget(url, baseUrl);
    },
    // Database sessions: the adapter reads the session joined with its whole user row, so the session carries all
    // getViewer needs and a signed-in page reads the database once. The date travels as text: auth() hands the
    // session over as JSON.
    session({ session, user }) {
      const row = user as typeof user & { dateOfBirth?: Date | null; showMature?: boolean };
      const viewer: SessionViewer = {
        id: user.id,
        email: user.email,
        name: user.name ?? null,
        dateOfBirth: row.dateOfBirth?.toISOString() ?? null,
        showMature: row.showMature ?? false,
      };
      return { ...session, user: viewer };
    },
  },
});
