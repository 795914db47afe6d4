import "server-only";
import { cache } from "react";
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

/** The signed-in viewer, or null. Read once per request. */
export const getViewer = cache(async (): Promise<Viewer | null> => {
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
