import { servicePath } from "./paths";

// Share images: a listing's own for public listings, a neutral one for any other page (mature pages
// must not describe themselves to link previews).
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };
export const NEUTRAL_SHARE_IMAGE = "/og/neutral";

export function shareImagePath(handle: string, capabilityId: string): string {
  return `/og${servicePath(handle, capabilityId)}`;
}
