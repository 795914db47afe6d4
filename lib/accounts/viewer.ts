import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { db } from "@/lib/db";
import { isAdminEmail } from "@/lib/accounts/admins";
import { auth } from "@/lib/accounts/auth";
import { signInPath } from "@/lib/accounts/return-path";

// Contract for the rest of lib/: who is asking. Implemented with Auth.js in this room.
export type Viewer = {
  id: string;
  email: string;
  name: string | null;
  dateOfBirth: Date | null;
  showMature: boolean;
  isAdmin: boolean;
};

// Auth.js's database-session cookie: `authjs.session-token`, with the `__Secure-` prefix on https.
const SESSION_COOKIE = /^(__Secure-)?authjs\.session-token$/;

/**
 * The signed-in viewer, or null. Read once per request. Without a session cookie nobody can be signed in, so
 * Auth.js is not asked: for a visitor it would still build its whole internal request (CSRF token included),
 * which cost every anonymous page about a tenth of its render (docs/benchmarks.md, "Every request's fixed cost").
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  if (!(await cookies()).getAll().some((cookie) => SESSION_COOKIE.test(cookie.name))) return null;
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, dateOfBirth: true, showMature: true },
  });
  if (!user) return null;
  return { ...user, isAdmin: isAdminEmail(user.email) };
});

/** The signed-in viewer, or a redirect to /sign-in (with a return path) for anyone else. */
export async function requireViewer(returnTo?: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (viewer) return viewer;
  redirect(signInPath(returnTo));
}
