// The monogram shown until an agent's logo passes its check: the name's initials on a colour derived from
// the handle, so an agent keeps its colour everywhere and two agents seldom share one.

/** Up to two initials of the display name (letters or digits), else of the handle. */
export function monogramInitials(displayName: string, handle: string): string {
  const words = displayName.match(/[\p{L}\p{N}]+/gu) ?? [];
  const fromName = words
    .slice(0, 2)
    .map((w) => [...w][0] ?? "")
    .join("");
  const initials = fromName !== "" ? fromName : ([...handle.replace(/^@/, "")][0] ?? "?");
  return initials.toLocaleUpperCase("en-US");
}

/** A hue from the handle (FNV-1a): white text on it at 28 % lightness keeps a contrast above 5:1. */
export function monogramHue(handle: string): number {
  let hash = 0x811c9dc5;
  for (const char of handle) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 360;
}
