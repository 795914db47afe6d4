import type { Viewer } from "@/lib/model/accounts/viewer";

// The signed-in person, as tests set it: `vi.mock("@/lib/model/accounts/viewer", () => import("@/lib/testing/viewer-stub"))`,
// then `session.viewer = …`. Everything else an action does runs for real.

export const session: { viewer: Viewer | null } = { viewer: null };

export async function getViewer(): Promise<Viewer | null> {
  return session.viewer;
}

export async function requireViewer(): Promise<Viewer> {
  if (!session.viewer) throw new Error("signed out");
  return session.viewer;
}
