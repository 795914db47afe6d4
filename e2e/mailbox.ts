// The e2e SMTP sink's mailbox: one file per message in a folder the tests read.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const mailDir = path.resolve(import.meta.dirname, "../test-results/e2e-mail");
/** The sink's smtp:// URL, for servers a test starts itself (e2e/production.spec.ts). */
export const smtpUrlFile = path.join(mailDir, "..", "e2e-smtp-url");

export function messagesTo(address: string): string[] {
  if (!existsSync(mailDir)) return [];
  const tag = address.toLowerCase().replace(/[^a-z0-9]/g, "_");
  return readdirSync(mailDir)
    .filter((f) => f.includes(tag))
    .sort()
    .map((f) => readFileSync(path.join(mailDir, f), "utf8"));
}

/** The sign-in link in the latest message to an address, or null. */
export function latestSignInLink(address: string): string | null {
  const last = messagesTo(address).at(-1);
  if (!last) return null;
  // Quoted-printable soft line breaks and escapes, as mail bodies may carry them.
  const body = last.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = body.match(/https?:\/\/[^\s"<>]+\/api\/auth\/callback\/nodemailer[^\s"<>]*/);
  return match ? match[0].replace(/&amp;/g, "&") : null;
}
