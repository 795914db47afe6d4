// The security headers of every answer Explore gives (proxy.ts sets them): one policy for documents, with a
// fresh nonce per render for Next's own scripts, and a closed one for everything else (JSON, SVG badges,
// share images), which never needs to run or embed anything.

export type SecurityContext = {
  /** Served to people over https (AUTH_URL's scheme): HSTS and upgrading stray http requests. */
  https: boolean;
  /** next dev: React needs eval for its debugging aids, and the HMR socket. */
  dev: boolean;
  /** GitHub sign-in is configured: the sign-in form's POST is redirected there. */
  githubSignIn: boolean;
};

/** A value for `'nonce-…'`: 16 random bytes, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The policy of an HTML page. Scripts run only with this render's nonce (and what those load: 'strict-dynamic');
 * no inline handlers, no injected <script>, no plugins, no <base>, no framing. 'unsafe-eval' stays because the
 * Run panel's form compiles the capability's JSON Schema with Ajv, which generates code (new Function); injected
 * markup still cannot run anything. Styles allow inline attributes (React's style props), a far smaller risk.
 */
export function documentPolicy(nonce: string, context: SecurityContext): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' 'unsafe-eval'`,
    "style-src 'self' 'unsafe-inline'",
    // Publishers' logos are still hotlinked over https.
    // Logos are Explore's own copies (lib/domain/logos), answers' images are data: URLs: nothing is hotlinked.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${context.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${context.githubSignIn ? " https://github.com" : ""}`,
    "frame-ancestors 'none'",
    ...(context.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** The policy of anything that is not a page: nothing runs, nothing loads, nothing frames it. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Headers every answer carries, whatever it is. */
export function commonSecurityHeaders(context: SecurityContext): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    ...(context.https ? { "strict-transport-security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** Whether a path is answered by a route handler (API, badges, share images, feeds) rather than a page. */
export function isResourcePath(pathname: string): boolean {
  return (
    pathname.startsWith("/api/") ||
    pathname.startsWith("/v0.1/") ||
    pathname === "/mcp" ||
    pathname.startsWith("/mcp/") ||
    pathname === "/a2a" ||
    pathname.startsWith("/.well-known/") ||
    pathname.startsWith("/badges/") ||
    pathname.startsWith("/logos/") ||
    pathname.startsWith("/og/") ||
    pathname === "/sitemap.xml" ||
    pathname === "/robots.txt"
  );
}
