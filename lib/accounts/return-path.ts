// Where people go after signing in: only ever a path on this site.

/** A same-site path ("/x?y"), or "/" for anything else (absolute URLs, "//host", "/\\host"). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  return value;
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
