import { z } from "zod";

/** The viewer's own fields as the session carries them (lib/model/accounts/auth.ts), read back by getViewer. */
export const sessionViewerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  dateOfBirth: z.iso.datetime().nullable(),
  showMature: z.boolean(),
});

export type SessionViewer = z.infer<typeof sessionViewerSchema>;
