import type { Viewer } from "@/lib/model/accounts/viewer";

// Administrators are the ADMIN_EMAILS (Viewer.isAdmin). Every moderation read and write checks it
// itself through this function, so no layout or page is the only guard.

export type Admin = Viewer & { isAdmin: true };

export function asAdmin(viewer: Viewer | null): Admin | null {
  return viewer && viewer.isAdmin ? { ...viewer, isAdmin: true } : null;
}
