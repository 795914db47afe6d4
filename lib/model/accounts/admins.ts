import { env } from "@/lib/foundations/env";

/** Administrators are the emails listed in ADMIN_EMAILS. */
export function isAdminEmail(email: string, adminEmails: readonly string[] = env.ADMIN_EMAILS): boolean {
  return adminEmails.includes(email.trim().toLowerCase());
}
