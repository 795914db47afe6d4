export function requestPath(id: string): string {
  return `/requests/${encodeURIComponent(id)}`;
}
