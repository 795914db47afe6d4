// Sizes in the words a person reads ("5.0 MB", "600.1 KB"); plain code, safe in the browser too.

/** Rounded up, so a size just over a limit never reads as the limit itself. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? "" : "s"}`;
  if (bytes < 1024 * 1024) return `${(Math.ceil(bytes / 102.4) / 10).toFixed(1)} KB`;
  return `${(Math.ceil(bytes / (1024 * 102.4)) / 10).toFixed(1)} MB`;
}
