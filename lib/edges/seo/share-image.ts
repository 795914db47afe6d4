import { servicePath } from "@/lib/model/addresses/paths";

// Share images: a listing's own for public listings, a neutral one for any other page (mature pages
// must not describe themselves to link previews).
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };
export const NEUTRAL_SHARE_IMAGE = "/og/neutral";

/** The card every share image is drawn on (styles for next/og's ImageResponse). */
export const SHARE_IMAGE_FRAME = {
  width: "100%",
  height: "100%",
  display: "flex",
  flexDirection: "column",
  padding: 72,
  background: "#0b1120",
  color: "#e2e8f0",
} as const;

export function shareImagePath(handle: string, capabilityId: string): string {
  return `/og${servicePath(handle, capabilityId)}`;
}
