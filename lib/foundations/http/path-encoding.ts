// Next decodes a dynamic segment of the path before any route sees it, and answers one that does not
// percent-decode (`%FF`, a lone surrogate's `%ED%A0%80`) with a bare 500; proxy.ts refuses such a path in words first.

/** Whether every segment of a request path percent-decodes. */
export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
