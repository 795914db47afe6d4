import "server-only";

// Contract for the rest of lib/: who is asking. Implemented with Auth.js in this room.
export type Viewer = {
  id: string;
  email: string;
  name: string | null;
  dateOfBirth: Date | null;
  showMature: boolean;
  isAdmin: boolean;
};

export async function getViewer(): Promise<Viewer | null> {
  throw new Error("not implemented yet");
}

/** The signed-in viewer, or a redirect to /sign-in (with a return path) for anyone else. */
export async function requireViewer(): Promise<Viewer> {
  throw new Error("not implemented yet");
}
