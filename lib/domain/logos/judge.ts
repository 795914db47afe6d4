import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { LOGO_SIZES, type LogoSize } from "./paths";

// DESIGN.md rule 9, judged by the bytes themselves (never the Content-Type or the file name): PNG, JPEG or
// WebP, square, 128–1024 px, at most 256 KB. A logo that passes is re-encoded as WebP at each served size,
// so what Explore serves is its own file, never the publisher's bytes.

export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_MIN_PX = 128;
export const LOGO_MAX_PX = 1024;

export type LogoVerdict = { ok: true; sha256: string; copies: Map<LogoSize, Buffer> } | { ok: false; reason: string };

const ACCEPTED = new Set(["png", "jpeg", "webp"]);

/** "412 KB": rounded up, so a file one byte over the limit never reads as the limit. */
export function kilobytes(bytes: number): string {
  return `${Math.ceil(bytes / 1024).toLocaleString("en-US")} KB`;
}

export async function judgeLogo(bytes: Uint8Array): Promise<LogoVerdict> {
  if (bytes.byteLength > LOGO_MAX_BYTES) return { ok: false, reason: `The logo is ${kilobytes(bytes.byteLength)}; the limit is ${kilobytes(LOGO_MAX_BYTES)}.` };
  let meta: Metadata;
  try {
    // Only the header is read here, so a huge image is told its size rather than refused unread.
    meta = await sharp(bytes).metadata();
  } catch {
    return { ok: false, reason: "The file at the logo URL is not an image Explore can read; use PNG, JPEG or WebP." };
  }
  const format = meta.format;
  if (!ACCEPTED.has(format)) {
    const name = format === "jpeg" ? "JPEG" : format.toUpperCase();
    return { ok: false, reason: `${name} is not accepted; use PNG, JPEG or WebP.` };
  }
  const { width, height } = meta;
  if (width !== height) return { ok: false, reason: `The logo is ${width} × ${height} px; it must be square.` };
  if (width < LOGO_MIN_PX || width > LOGO_MAX_PX) {
    return { ok: false, reason: `The logo is ${width} × ${height} px; it must be between ${LOGO_MIN_PX} and ${LOGO_MAX_PX} px wide.` };
  }
  const copies = new Map<LogoSize, Buffer>();
  try {
    for (const size of LOGO_SIZES) {
      // Decoding happens here, capped at the largest size allowed: a header that lied cannot make it a bomb.
      const image = sharp(bytes, { limitInputPixels: LOGO_MAX_PX * LOGO_MAX_PX });
      copies.set(size, await image.rotate().resize(size, size, { fit: "cover" }).webp({ quality: 85 }).toBuffer());
    }
  } catch {
    return { ok: false, reason: "The logo's header reads as an image, but its pixels could not be decoded; save it again as PNG, JPEG or WebP." };
  }
  return { ok: true, sha256: createHash("sha256").update(bytes).digest("hex"), copies };
}
