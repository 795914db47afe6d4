import "server-only";
import { db } from "@/lib/foundations/db/client";
import { env } from "@/lib/foundations/env";

/** The development mailbox exists only in development, and only when no SMTP server is configured. */
export function isDevMailboxEnabled(): boolean {
  return env.NODE_ENV === "development" && !env.SMTP_URL;
}

export type DevMailItem = { id: string; to: string; url: string; createdAt: Date };

/** The latest sign-in links that would have been mailed, newest first. */
export async function listDevMail(limit = 20): Promise<DevMailItem[]> {
  return db.devMail.findMany({
    select: { id: true, to: true, url: true, createdAt: true },
    orderBy: { createdAt: "desc" },
    take: limit,
  });
}
