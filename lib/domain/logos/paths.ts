// URLs of the logo copies Explore serves. The hash rides along as ?v=, so a new logo is a new URL and the
// old one may be cached for good.

export const LOGO_SIZES = [64, 128, 256] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

export function isLogoSize(n: number): n is LogoSize {
  return LOGO_SIZES.some((size) => size === n);
}

export function logoPath(handle: string, size: LogoSize, sha256: string): string {
  return `/logos/${handle}/${size}.webp?v=${sha256.slice(0, 16)}`;
}

/** The smallest copy that stays sharp at `displayPx` on a 2× screen. */
export function logoSizeFor(displayPx: number): LogoSize {
  return LOGO_SIZES.find((size) => size >= displayPx * 2) ?? 256;
}

export function logoDashboardPath(handle: string): string {
  return `/dashboard/agents/${handle}/logo-and-terms`;
}
