// Where people go after signing in: only ever a path on this site.

// Any origin would do: a value is kept only when the URL parser, reading it as a browser would (tabs and
// newlines dropped, backslashes as slashes, dot segments resolved), leaves it on this one.
const HERE = "https://explore.invalid";

/** Paths a browser or a server may still read as another host once decoded ("//host", "/\\host"). */
const HOST_LIKE = /^\/[\\/]/;

/** A same-site path ("/x?y#z"), as the URL parser reads it, or "/" for anything else. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || !URL.canParse(value, HERE)) return "/";
  const url = new URL(value, HERE);
  if (url.origin !== HERE) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  let decoded = url.pathname;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return "/";
  }
  if (HOST_LIKE.test(path) || HOST_LIKE.test(decoded)) return "/";
  return path;
}

/** /sign-in with a callbackUrl, kept only when it is a path on this site. */
export function signInPath(returnTo?: string): string {
  const path = safeReturnPath(returnTo);
  return path === "/" ? "/sign-in" : `/sign-in?${new URLSearchParams({ callbackUrl: path })}`;
}

/**
 * Auth.js's redirect rule, made relative: a path, or a URL on `baseUrl`, becomes a same-site path;
 * anything else goes home. Relative targets keep people on the host they used even where the
 * server sees another name for itself (Next reports route handlers' origin as localhost).
 */
export function authRedirectTarget(url: string, baseUrl: string): string {
  if (url.startsWith("/")) return safeReturnPath(url);
  if (!URL.canParse(url)) return "/";
  const target = new URL(url);
  if (target.origin !== baseUrl) return "/";
  return safeReturnPath(`${target.pathname}${target.search}${target.hash}`);
}
