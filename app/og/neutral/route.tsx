import { ImageResponse } from "next/og";
import { SHARE_IMAGE_FRAME, SHARE_IMAGE_SIZE } from "@/lib/edges/seo/share-image";

// The share image of pages that must not describe themselves (mature listings): Explore's name only.
export function GET() {
  return new ImageResponse(
    <div style={{ ...SHARE_IMAGE_FRAME, justifyContent: "center" }}>
      <div style={{ display: "flex", fontSize: 96, fontWeight: 700, color: "#60a5fa" }}>Explore</div>
      <div style={{ display: "flex", fontSize: 40, color: "#94a3b8" }}>Agent services you can judge and run</div>
    </div>,
    { ...SHARE_IMAGE_SIZE, headers: { "Cache-Control": "public, max-age=86400" } },
  );
}
