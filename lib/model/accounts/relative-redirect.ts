/**
 * Turns an absolute redirect to `origin` into a path. Next hands route handlers a request whose
 * origin is the server's own (e.g. http://localhost:3000), not the host the browser used, so
 * Auth.js's absolute redirects would move people to another host and lose their session cookie.
 */
export function toRelativeRedirect(response: Response, origin: string): Response {
  const location = response.headers.get("location");
  if (!location || !URL.canParse(location)) return response;
  const target = new URL(location);
  if (target.origin !== origin) return response;
  const headers = new Headers(response.headers);
  headers.set("location", `${target.pathname}${target.search}${target.hash}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
