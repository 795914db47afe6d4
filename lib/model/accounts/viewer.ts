import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { isAdminEmail } from "@/lib/model/accounts/admins";
import { auth } from "@/lib/model/accounts/auth";
import { sessionViewerSchema } from "@/lib/model/accounts/session-viewer";
import { signInPath } from "@/lib/model/accounts/return-path";

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
 * which was a quarter of an anonymous text page's CPU time (docs/benchmarks.md, "Every request's fixed cost"). The
 * session carries the viewer's fields (lib/model/accounts/auth.ts), so nothing more is read.
 */
export const getViewer = cache(async (): Promise<Viewer | null> => {
  if (!(await cookies()).getAll().some((cookie) => SESSION_COOKIE.test(cookie.name))) return null;
  const session = await auth();
  const user = sessionViewerSchema.safeParse(session?.user);
  if (!user.success) return null;
  const { dateOfBirth, ...rest } = user.data;
  return { ...rest, dateOfBirth: dateOfBirth === null ? null : new Date(dateOfBirth), isAdmin: isAdminEmail(rest.email) };
});

/** The signed-in viewer, or a redirect to /sign-in (with a return path) for anyone else. */
export async function requireViewer(returnTo?: string): Promise<Viewer> {
  const viewer = await getViewer();
  if (viewer) return viewer;
  redirect(signInPath(returnTo));
}
