import "server-only";
import { createTransport } from "nodemailer";
import { db } from "@/lib/foundations/db/client";
import { env } from "@/lib/foundations/env";

export type SignInLinkOptions = {
  smtpUrl?: string | undefined;
  from?: string;
  /** Development only: keep the link in the DevMail table for /dev/mailbox. */
  keepInDevMailbox?: boolean;
};

/**
 * Sends a sign-in link. With SMTP configured the mail goes out through it; without, the link is
 * written to the server log (and, in development, kept for /dev/mailbox).
 */
export async function sendSignInLink({ to, url }: { to: string; url: string }, options: SignInLinkOptions = {}): Promise<void> {
  const smtpUrl = "smtpUrl" in options ? options.smtpUrl : env.SMTP_URL;
  if (smtpUrl) {
    await mailSignInLink({ to, url, smtpUrl, from: options.from ?? env.EMAIL_FROM });
    return;
  }
  console.info(`sign-in link for ${to}: ${url}`);
  if (options.keepInDevMailbox ?? env.NODE_ENV === "development") {
    await db.devMail.create({ data: { to, url } });
  }
}

async function mailSignInLink({ to, url, smtpUrl, from }: { to: string; url: string; smtpUrl: string; from: string }) {
  const { host } = new URL(url);
  const transport = createTransport(smtpUrl);
  try {
    const result = await transport.sendMail({
      to,
      from,
      subject: `Sign in to Explore (${host})`,
      text: signInText(url, host),
      html: signInHtml(url, host),
    });
    const refused = [...result.rejected, ...(result.pending ?? [])];
    if (refused.length > 0) throw new Error(`The sign-in email to ${to} was not accepted by the mail server`);
  } finally {
    transport.close();
  }
}

export function signInText(url: string, host: string): string {
  return [
    `Sign in to Explore (${host})`,
    "",
    "Open this link to sign in:",
    url,
    "",
    "The link works once and expires in 24 hours. If you did not ask for it, ignore this email.",
    "",
  ].join("\n");
}

export function signInHtml(url: string, host: string): string {
  const href = escapeHtml(url);
  return `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111;">
  <h1 style="font-size: 20px;">Sign in to Explore</h1>
  <p>Open this link to sign in to ${escapeHtml(host)}:</p>
  <p><a href="${href}" style="display: inline-block; padding: 10px 16px; background: #1d4ed8; color: #fff; border-radius: 6px; text-decoration: none;">Sign in</a></p>
  <p style="font-size: 14px; color: #444;">Or copy this address into your browser:<br>${href}</p>
  <p style="font-size: 14px; color: #444;">The link works once and expires in 24 hours. If you did not ask for it, ignore this email.</p>
</body>
</html>
`;
}

function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}
